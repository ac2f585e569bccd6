#!/usr/bin/env bash
# Installs the system parts the card reader uses (tesseract and its English data, tmux-free fonts
# for rendered test photos); with --browser also Chromium, which only the browser tests of
# `companion serve` drive. Where apt-get cannot run as root, say what to install and go on:
# the app still runs and typing works without the camera reader, and the browser tests skip.
set -u
need=()
command -v tesseract >/dev/null 2>&1 || need+=(tesseract-ocr)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
[ -e /usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf ] || need+=(fonts-liberation)
if [ "${1:-}" = "--browser" ] && ! [ -x /usr/bin/chromium ]; then
    need+=(chromium)
fi
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing ${need[*]} with apt-get"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}") >/dev/null \
        || echo "apt-get could not install ${need[*]}; the card reader needs tesseract-ocr, the browser tests chromium"
else
    echo "optional: install ${need[*]} (e.g. sudo apt-get install ${need[*]}): the card reader needs" \
         "tesseract-ocr, the browser tests chromium; typing works without them"
fi
exit 0
