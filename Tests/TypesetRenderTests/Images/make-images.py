#!/usr/bin/env python3
"""Makes the small image fixtures of ImageDecoderTests (run from this folder; Pillow 13). CI never runs it.

Each raster image is 40 × 30 pixels: blue (0, 0, 255), with a red (255, 0, 0) square over x 10..<20, y 5..<15, and,
in formats with alpha, a transparent top-right quarter (x >= 20, y < 15)."""
from PIL import Image

def picture(alpha):
    image = Image.new("RGBA", (40, 30), (0, 0, 255, 255))
    for y in range(5, 15):
        for x in range(10, 20):
            image.putpixel((x, y), (255, 0, 0, 255))
    if alpha:
        for y in range(0, 15):
            for x in range(20, 40):
                image.putpixel((x, y), (0, 0, 0, 0))
    return image

picture(True).save("square.png", optimize=True)
picture(False).convert("RGB").save("square.jpg", quality=95)
picture(False).convert("RGB").save("square-progressive.jpg", quality=95, progressive=True)
picture(True).save("square.webp", lossless=True)
picture(True).save("square.avif", quality=100, subsampling="4:4:4")
# JPEG XL (Pillow has no encoder): make-jxl.c, with libjxl (`cc make-jxl.c -ljxl && ./a.out square.jxl && ./a.out
# square-container.jxl container`).
# GIF: an explicit palette (0 transparent, 1 blue, 2 red), interlaced, and a second frame that must not be drawn.
first = Image.new("P", (40, 30), 1)
first.putpalette([0, 0, 0, 0, 0, 255, 255, 0, 0] + [0] * 759)
for y in range(30):
    for x in range(40):
        first.putpixel((x, y), 0 if (x >= 20 and y < 15) else 2 if (10 <= x < 20 and 5 <= y < 15) else 1)
second = Image.new("P", (40, 30), 3)
second.putpalette([0, 0, 0, 0, 0, 255, 255, 0, 0, 0, 255, 0] + [0] * 756)
first.save("square.gif", save_all=True, append_images=[second], interlace=True, transparency=0, disposal=1, optimize=False)
