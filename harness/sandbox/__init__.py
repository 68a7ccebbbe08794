"""Running untrusted bots (rule: everything that isolates a bot's process lives here, and
it imports nothing else of harness/: play and the cluster build on it): isolate.py
(namespaces, chroot, own uid, scrubbed environment, the sandboxed bot), seccomp.py (the
system calls a bot may not make, and its own session keyring), cgroups.py (memory,
processes, CPU per bot), submission.py (what files a submitted bot may bring), bundle.py
(a bot's files as they travel: a manifest, content-addressed blobs), machine.py (the
machine bots run on)."""
