#!/usr/bin/env bash
# Draws the timeline's note icons (resources/icons/notes/*.png, 16 px and @2x) from their SVGs.
# Needs rsvg-convert (librsvg2-bin); run it after changing an SVG and commit the PNGs.
set -euo pipefail
cd "$(dirname "$0")/../resources/icons/notes"
for svg in *.svg; do
    name=${svg%.svg}
    rsvg-convert -w 16 -h 16 "$svg" -o "$name.png"
    rsvg-convert -w 32 -h 32 "$svg" -o "$name@2x.png"
done
