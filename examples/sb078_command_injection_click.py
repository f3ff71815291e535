"""A click tool for operators: each command's parameters are the command line's text, except
where click itself checks them (a number, a flag, a Choice of constants)."""

import os
import subprocess  # expect: B404

import click


@click.group()
def cli():
    pass


@cli.command()
@click.option("--user-name", required=True)
def add_user(user_name):
    os.system("useradd -m " + user_name)  # expect: B605:MEDIUM<17


@cli.command()
@click.option("--shell", type=click.Choice(["bash", "zsh"]), default="bash")
@click.option("--uid", type=int)
@click.option("--days", default=30)
@click.option("--dry-run", is_flag=True)
def set_shell(shell, uid, days, dry_run):
    os.system(f"chsh -s /bin/{shell} {uid}")  # expect: B605:LOW
    os.system(f"chage -M {days} {uid} {dry_run}")  # expect: B605:LOW


@cli.command()
@click.argument("archive")
@click.option("--target", "-t", "destination", default="/srv/restore")
def restore(archive, destination):
    subprocess.run(f"tar xf {archive} -C {destination}", shell=True)  # expect: B602:MEDIUM<34
    with open(os.path.join("/srv/archives", archive), "rb") as handle:  # expect: SB022:MEDIUM<34
        click.echo(len(handle.read()))
