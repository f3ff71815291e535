"""A maintenance script run by operators: command-line arguments and typed answers reach shell
commands."""

import os
import pty
import shlex
import shutil
import subprocess  # expect: B404
import sys

SERVICES = ("web", "worker", "scheduler")


def attach(container):
    pty.spawn(["/bin/sh", "-c", "docker exec -it " + container + " bash"])


def attach_quoted(container):
    pty.spawn(["/bin/sh", "-c", "docker exec -it " + shlex.quote(container) + " bash"])


def main():
    service = sys.argv[1]
    subprocess.run("systemctl restart " + service, shell=True, check=True)  # expect: B602<23
    subprocess.run("systemctl restart " + shlex.quote(service), shell=True, check=True)  # expect: B602
    container = input("container: ")
    attach(container)  # expect: SB078:MEDIUM<26
    attach_quoted(container)
    attach(shlex.quote(container))
    if container in SERVICES:
        attach(container)
    attach("db")


if __name__ == "__main__":
    main()


def backup_cli():
    # argparse rejects what is not an int, or not one of the choices: those options hold none
    # of a shell's characters; a plain string option holds whatever the command line gave
    import argparse

    parser = argparse.ArgumentParser()
    parser.add_argument("--keep", type=int, default=7)
    parser.add_argument("--level", choices=["fast", "best"], default="fast")
    parser.add_argument("--target")
    options = parser.parse_args()
    subprocess.run(f"prune-backups --keep {options.keep}", shell=True)  # expect: B602:LOW
    subprocess.run("compress --" + options.level, shell=True)  # expect: B602:LOW
    subprocess.run("copy-backup " + options.target, shell=True)  # expect: B602:MEDIUM<48


def rotate(options):
    subprocess.run(f"logrotate --keep {options.keep}", shell=True)  # expect: B602:LOW


def announce(options):
    subprocess.run("wall " + options.message, shell=True)  # expect: B602


def rotate_cli():
    # the parsed options handed to a helper: what argparse checked stays checked there
    import argparse

    parser = argparse.ArgumentParser()
    parser.add_argument("--keep", type=int, default=7)
    parser.add_argument("--message", default="rotating logs")
    options = parser.parse_args()
    rotate(options)
    announce(options)  # expect: SB078:MEDIUM<69



# helpers of this file that read the command line or the environment: the functions using
# them name no source in their own text, and are followed all the same
SPOOL = os.environ.get("SPOOL_DIR", "/var/spool/app")
ARCHIVE = "/var/archive"


def release_name():
    return sys.argv[2]


def release_notes():
    return "NOTES.txt"


def publish():
    shutil.copy(release_name(), "site/")  # expect: SB022:MEDIUM<82
    shutil.copy(release_notes(), "site/")


def purge():
    shutil.rmtree(SPOOL)  # expect: SB022:LOW<77


def purge_archive():
    shutil.rmtree(ARCHIVE)


class Restarter:
    def __init__(self, service):
        subprocess.run("systemctl restart " + service, shell=True)  # expect: B602:HIGH


def restart(service):
    subprocess.run("systemctl restart " + service, shell=True)  # expect: B602:HIGH


if __name__ == "__main__":
    # module code calling the file's own function and class with the command line
    restart(sys.argv[1])  # expect: SB078:MEDIUM<113
    restart("web")
    Restarter(sys.argv[1])  # expect: SB078:MEDIUM<115
    Restarter("web")


def unpack():
    # a source imported inside the function that reads it
    from sys import argv

    shutil.unpack_archive(argv[1], "build/")  # expect: SB022:MEDIUM<123
    shutil.unpack_archive("vendor.tar.gz", "build/")


class ListJobs:
    def execute(self, argv):
        print("jobs:", argv[2:])


class ShowJob:
    def execute(self, argv):
        print("job:", argv[2])


class KillJob:
    def execute(self, argv):
        os.system("kill " + argv[2])  # expect: B605


# a table of command objects: any of them may run, each class's own `execute` (no database's)
VIEWS = {"list": ListJobs(), "show": ShowJob()}
ACTIONS = {"list": ListJobs(), "kill": KillJob()}


def dispatch_view():
    VIEWS[sys.argv[1]].execute(sys.argv)


def dispatch_action():
    ACTIONS[sys.argv[1]].execute(sys.argv)  # expect: SB078:MEDIUM<152
