#!/bin/sh
# Install the Stepwise bundle this script sits in, with its menu entry and icons.
#
#   ./install.sh                   for you: ~/.local/lib/stepwise, ~/.local/bin/stepwise,
#                                  ~/.local/share/applications, ~/.local/share/icons
#   sudo ./install.sh --prefix /usr/local     for everyone
#   ./install.sh --uninstall [--prefix DIR]   remove what an install put there
#
# Nothing else is touched; your data (~/.local/share/stepwise) stays where it is.
set -eu

prefix="${HOME}/.local"
action=install
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --uninstall) action=uninstall; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

here="$(cd "$(dirname "$0")" && pwd)"
lib="${prefix}/lib/stepwise"
bin="${prefix}/bin"
apps="${prefix}/share/applications"
icons="${prefix}/share/icons"

refresh() {
  command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$apps" || true
  command -v gtk-update-icon-cache >/dev/null 2>&1 \
    && gtk-update-icon-cache -q -t "${icons}/hicolor" 2>/dev/null || true
}

if [ "$action" = uninstall ]; then
  rm -rf "$lib"
  [ -L "${bin}/stepwise" ] && rm -f "${bin}/stepwise"
  rm -f "${apps}/stepwise.desktop"
  find "${icons}/hicolor" -path '*/apps/stepwise.*' -delete 2>/dev/null || true
  find "${icons}/hicolor" -mindepth 1 -type d -empty -delete 2>/dev/null || true
  refresh
  echo "Stepwise removed from ${prefix} (your data is kept)."
  exit 0
fi

[ -x "${here}/stepwise" ] && [ -d "${here}/_internal" ] \
  || { echo "install.sh: run me from the unpacked Stepwise folder" >&2; exit 1; }

mkdir -p "$lib" "$bin" "$apps" "$icons"
if [ "$here" != "$lib" ]; then
  rm -rf "$lib"
  mkdir -p "$lib"
  cp -a "${here}/." "$lib/"
fi
ln -sfn "${lib}/stepwise" "${bin}/stepwise"
sed -e "s|^Exec=.*|Exec=${lib}/stepwise|" -e "s|^TryExec=.*|TryExec=${lib}/stepwise|" \
  "${here}/share/applications/stepwise.desktop" > "${apps}/stepwise.desktop"
cp -a "${here}/share/icons/." "${icons}/"
refresh

echo "Stepwise $("${lib}/stepwise" --version | sed 's/^stepwise //') installed in ${lib}"
echo "  command:   ${bin}/stepwise   (the menu entry is 'Stepwise')"
case ":${PATH}:" in *":${bin}:"*) ;; *) echo "  note: ${bin} is not on your PATH" ;; esac
scratch="$(mktemp -d)"  # the self-test's window must not leave settings in your config
XDG_CONFIG_HOME="$scratch" "${lib}/stepwise" --self-test >/dev/null 2>&1 \
  || echo "  warning: 'stepwise --self-test' failed; run it to see which check"
rm -rf "$scratch"
