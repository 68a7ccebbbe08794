"""What docs/compiled-bots.md says a compiled program sees in the sandbox, checked by a
static C program that lists it (its stderr, kept in the match record): the system folders
read-only, its own /bot and /tmp, a bare /dev, the files its command line names with
their paths in its arguments, four environment variables, and the address-space and
process limits."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from harness.play.clock import TimeControl
from harness.play.match import play_match
from tests.sandbox.conftest import needs_isolation

LISTER = r"""
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static void list(const char *dir) {
  DIR *d = opendir(dir);
  fprintf(stderr, "ls %s:", dir);
  for (struct dirent *e; d && (e = readdir(d));)
    if (e->d_name[0] != '.') fprintf(stderr, " %s", e->d_name);
  fprintf(stderr, "\n");
  if (d) closedir(d);
}

int main(int argc, char **argv) {
  extern char **environ;
  list("/"); list("/dev"); list("/bot");
  for (int i = 0; i < argc; i++) fprintf(stderr, "arg %s\n", argv[i]);
  for (char **e = environ; *e; e++) fprintf(stderr, "env %.*s\n", (int)strcspn(*e, "="), *e);
  fprintf(stderr, "cwd %s\n", getcwd(NULL, 0));
  fprintf(stderr, "writable /usr %d /tmp %d /bot %d\n", access("/usr", W_OK) == 0,
          fopen("/tmp/t", "w") != NULL, fopen("/bot/t", "w") != NULL);
  FILE *data = fopen(argv[1], "r");
  char word[64] = "";
  if (data && fgets(word, sizeof word, data)) fprintf(stderr, "data %s\n", word);
  struct rlimit as, procs;
  getrlimit(RLIMIT_AS, &as); getrlimit(RLIMIT_NPROC, &procs);
  fprintf(stderr, "limits %llu %llu\n", (unsigned long long)as.rlim_cur,
          (unsigned long long)procs.rlim_cur);
  char line[1 << 16];
  while (fgets(line, sizeof line, stdin)) {
    if (strstr(line, "\"type\":\"act\"")) { printf("{\"index\":0}\n"); fflush(stdout); }
    else if (strstr(line, "\"type\":\"close\"")) break;
  }
  return 0;
}
"""

#: the root of a sandbox running a program that needs no runtime
ROOT = {"bot", "tmp", "usr", "etc", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "dev",
        "proc"}


@needs_isolation
@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed")
def test_what_a_compiled_program_sees(tmp_path: Path) -> None:
    bot = tmp_path / "mybot"
    bot.mkdir()
    (bot / "lister.c").write_text(LISTER)
    subprocess.run(["gcc", "-O1", "-static", "-o", "lister", "lister.c"], cwd=bot,
                   check=True, timeout=120)
    (bot / "weights.bin").write_text("forty-two\n")
    rec = play_match("kit", 2, [f"cmd:{bot / 'lister'} {bot / 'weights.bin'}", "random"],
                     seed=1, time_control=TimeControl(per_move=5.0))
    assert not rec.failures, rec.failures
    lines = rec.logs[0].splitlines()
    said = dict(ln.split(" ", 1) for ln in lines
                if ln.startswith(("cwd ", "writable ", "data ", "limits ")))
    listing = {ln.split(":", 1)[0]: set(ln.split(":", 1)[1].split())
               for ln in lines if ln.startswith("ls ")}
    assert ROOT >= listing["ls /"] >= {"bot", "tmp", "usr", "etc", "dev", "proc"}
    assert listing["ls /dev"] == {"null", "zero", "full", "random", "urandom", "fd"}
    assert listing["ls /bot"] == {"lister", "weights.bin"}
    assert {ln.split()[1] for ln in lines if ln.startswith("env ")} == {
        "HOME", "TMPDIR", "LANG", "PATH"}
    assert said["cwd"] == "/bot"
    assert said["data"] == "forty-two"  # the data file, by the path in its arguments
    assert said["writable"] == "/usr 0 /tmp 1 /bot 0"  # its own folder is read-only
    assert said["limits"] == f"{2 * 1024**3} 32"
