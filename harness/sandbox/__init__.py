"""Running untrusted bots (rule: everything that isolates a bot's process lives here and
depends on nothing above play/): isolate.py (namespaces, chroot, own uid, scrubbed
environment, the sandboxed bot), cgroups.py (memory, processes, CPU per bot),
submission.py (what files a submitted bot may bring)."""
