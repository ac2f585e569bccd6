#!/usr/bin/env bash
# Installs the system parts the card reader uses (tesseract and its English data) and the font
# families its rendered test and benchmark photos are printed in (vision/fonts.py splits them into
# families the reader learns from and families it is measured on); with --browser also Chromium,
# which only the browser tests of `companion serve` drive. Where apt-get cannot run as root, say
# what to install and go on: the app still runs and typing works without the camera reader, and
# the browser tests skip.
set -u
need=()
command -v tesseract >/dev/null 2>&1 || need+=(tesseract-ocr)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
[ -e /usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf ] || need+=(fonts-liberation)
if [ "${1:-}" = "--browser" ] && ! [ -x /usr/bin/chromium ]; then
    need+=(chromium)
fi
fonts=(fonts-dejavu-extra fonts-freefont-ttf fonts-urw-base35 fonts-noto-core fonts-crosextra-carlito
       fonts-crosextra-caladea fonts-lato fonts-open-sans fonts-roboto-unhinted fonts-linuxlibertine
       fonts-ebgaramond fonts-cantarell fonts-comic-neue fonts-go fonts-inconsolata fonts-quicksand
       fonts-croscore fonts-gfs-didot fonts-ipafont-gothic
       fonts-b612 fonts-sora fonts-inter)  # the last three: faces whose suit signs no net may learn (tests)
if command -v dpkg-query >/dev/null 2>&1; then
    for f in "${fonts[@]}"; do
        dpkg-query -W -f='${Status}' "$f" 2>/dev/null | grep -q "install ok installed" || need+=("$f")
    done
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
