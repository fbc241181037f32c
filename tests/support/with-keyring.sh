#!/bin/sh
# Runs a command with a private, unlocked Secret Service (gnome-keyring on its own D-Bus session bus),
# so keychain tests use a real OS keychain without touching the user's.
#   usage: tests/support/with-keyring.sh npx vitest run --project keychain
# Needs: dbus-run-session (dbus-daemon) and gnome-keyring-daemon. Leaves nothing in $HOME.
set -e
if ! command -v dbus-run-session >/dev/null 2>&1 || ! command -v gnome-keyring-daemon >/dev/null 2>&1; then
  echo "with-keyring.sh: dbus-run-session or gnome-keyring-daemon missing; running without a keychain" >&2
  exec "$@"
fi
XDG_DATA_HOME="$(mktemp -d)"      # gnome-keyring keeps keyrings/login.keyring here
XDG_RUNTIME_DIR="$(mktemp -d)"    # its control socket
export XDG_DATA_HOME XDG_RUNTIME_DIR
trap 'rm -rf "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"' EXIT
# Not exec: the trap must run after the command to remove the temporary folders.
dbus-run-session -- sh -c 'printf %s test-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null && "$@"' sh "$@"
