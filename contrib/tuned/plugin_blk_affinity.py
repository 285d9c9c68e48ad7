# SPDX-License-Identifier: GPL-2.0
"""TuneD plug-in for the block IO affinity masks of every disk."""

import os

from . import hotplug
from .decorators import command_set, command_get
import tuned.logs
from tuned.utils.commands import commands

log = tuned.logs.get()

# The queue files this plug-in sets, by option name.
_FILES = ("queue_affinity", "completion_affinity")


class BlkAffinityPlugin(hotplug.Plugin):
	"""
	`blk_affinity`::

	Sets `queue_affinity` and `completion_affinity` of block disks (a
	kernel with CONFIG_BLK_CPU_AFFINITY): the CPUs that hand requests to
	the driver and the CPUs that run completions. Each option takes what
	the file takes: a CPU list, `-1` for all possible CPUs, or on Linux
	7.3 `housekeeping`, which follows isolated cgroup-v2 cpuset
	partitions. Disks that appear while the profile is active get the
	values too; switching the profile off writes back what each disk had.
	+
	.Keep block IO off the isolated cores of cpu-partitioning
	====
	----
	[blk_affinity]
	queue_affinity=${f:cpulist_pack:${f:cpulist_invert:${isolated_cores}}}
	completion_affinity=${f:cpulist_pack:${f:cpulist_invert:${isolated_cores}}}
	----
	====
	"""

	def __init__(self, *args, **kwargs):
		super(BlkAffinityPlugin, self).__init__(*args, **kwargs)
		self._cmd = commands()

	def _init_devices(self):
		super(BlkAffinityPlugin, self)._init_devices()
		self._devices_supported = True
		self._free_devices = set()
		for device in self._hardware_inventory.get_devices("block"):
			if self._device_is_supported(device):
				self._free_devices.add(device.sys_name)
		self._assigned_devices = set()

	def _get_device_objects(self, devices):
		return [self._hardware_inventory.get_device("block", x)
			for x in devices]

	@classmethod
	def _device_is_supported(cls, device):
		# Whole disks of a kernel with the series: partitions, and the
		# head of native NVMe multipath, have no such file. The head's
		# path disks are hidden and send no uevent: one added later
		# would be missed, so none is taken (the guide says where to
		# write them).
		path = device.sys_path
		if device.device_type != "disk":
			return False
		if cls._read_flag(os.path.join(path, "hidden")):
			return False
		return os.path.exists(os.path.join(path, "queue", "queue_affinity"))

	@staticmethod
	def _read_flag(path):
		try:
			with open(path) as f:
				return f.read().strip() == "1"
		except (OSError, IOError):
			return False

	def _hardware_events_init(self):
		self._hardware_inventory.subscribe(self, "block",
			self._hardware_events_callback)

	def _hardware_events_cleanup(self):
		self._hardware_inventory.unsubscribe(self)

	def _hardware_events_callback(self, event, device):
		if self._device_is_supported(device) or event == "remove":
			super(BlkAffinityPlugin, self)._hardware_events_callback(
				event, device)

	def _added_device_apply_tuning(self, instance, device_name):
		super(BlkAffinityPlugin, self)._added_device_apply_tuning(
			instance, device_name)

	def _removed_device_unapply_tuning(self, instance, device_name):
		super(BlkAffinityPlugin, self)._removed_device_unapply_tuning(
			instance, device_name)

	@classmethod
	def _get_config_options(cls):
		return dict((name, None) for name in _FILES)

	def _instance_init(self, instance):
		instance._has_static_tuning = True
		instance._has_dynamic_tuning = False

	def _instance_cleanup(self, instance):
		pass

	@staticmethod
	def _path(device, name):
		return os.path.join("/sys/block", str(device), "queue", name)

	@staticmethod
	def _flags(args, kwargs):
		"""sim and remove, as each TuneD version passes them.

		2.20 calls set(value, device, sim), 2.22 adds remove, 2.25 puts
		the instance before them.
		"""
		args = [a for a in args if isinstance(a, bool)]
		sim = kwargs.get("sim", args[0] if args else False)
		remove = kwargs.get("remove", args[1] if len(args) > 1 else False)
		return sim, remove

	def _write(self, name, value, device, args, kwargs):
		sim, remove = self._flags(args, kwargs)
		path = self._path(device, name)
		# A disk that went away has nothing to restore.
		if value is None or remove or not os.path.exists(path):
			return None
		if not sim:
			# The kernel refuses a bad value with EINVAL and keeps the
			# mask; write_to_file() logs it and returns False.
			if not self._cmd.write_to_file(path, value):
				return None
		return value

	def _read(self, name, device):
		value = self._cmd.read_file(self._path(device, name),
					    no_error=True).strip()
		return value if value != "" else None

	@command_set("queue_affinity", per_device=True, priority=10)
	def _set_queue_affinity(self, value, device, *args, **kwargs):
		return self._write("queue_affinity", value, device, args, kwargs)

	@command_get("queue_affinity")
	def _get_queue_affinity(self, device, *args, **kwargs):
		return self._read("queue_affinity", device)

	@command_set("completion_affinity", per_device=True, priority=20)
	def _set_completion_affinity(self, value, device, *args, **kwargs):
		return self._write("completion_affinity", value, device, args,
				   kwargs)

	@command_get("completion_affinity")
	def _get_completion_affinity(self, device, *args, **kwargs):
		return self._read("completion_affinity", device)
