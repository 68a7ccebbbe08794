"""Running untrusted bots (rule: everything that isolates a bot's process lives here and
depends on nothing above play/): isolate.py (namespaces, chroot, own uid, scrubbed
environment, the sandboxed bot), seccomp.py (the system calls a bot may not make, and
its own session keyring), cgroups.py (memory, processes, CPU per bot),
submission.py (what files a submitted bot may bring)."""
