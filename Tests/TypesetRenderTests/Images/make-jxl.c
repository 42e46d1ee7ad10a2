#include <jxl/encode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* Writes the JPEG XL fixture of ImageDecoderTests: make-images.py's picture (40 x 30 blue, a red square, a transparent
   top-right quarter), lossless; a second argument wraps the codestream in the ISO container. */
int main(int argc, char **argv) {
  int W = 40, H = 30; uint8_t px[40*30*4];
  for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) { uint8_t *p = px + (y*W+x)*4;
    int red = x >= 10 && x < 20 && y >= 5 && y < 15, clear = x >= 20 && y < 15;
    p[0] = red ? 255 : 0; p[1] = 0; p[2] = red ? 0 : 255; p[3] = 255; if (clear) { p[0]=p[1]=p[2]=p[3]=0; } }
  JxlEncoder *enc = JxlEncoderCreate(NULL);
  JxlBasicInfo info; JxlEncoderInitBasicInfo(&info); info.xsize = W; info.ysize = H; info.bits_per_sample = 8;
  info.num_color_channels = 3; info.alpha_bits = 8; info.num_extra_channels = 1; info.uses_original_profile = JXL_TRUE;
  if (JxlEncoderSetBasicInfo(enc, &info) != JXL_ENC_SUCCESS) return 1;
  JxlColorEncoding color; JxlColorEncodingSetToSRGB(&color, JXL_FALSE); JxlEncoderSetColorEncoding(enc, &color);
  JxlEncoderFrameSettings *fs = JxlEncoderFrameSettingsCreate(enc, NULL); JxlEncoderSetFrameLossless(fs, JXL_TRUE);
  if (argc > 2) JxlEncoderUseContainer(enc, JXL_TRUE);
  JxlPixelFormat fmt = {4, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
  if (JxlEncoderAddImageFrame(fs, &fmt, px, sizeof px) != JXL_ENC_SUCCESS) return 2;
  JxlEncoderCloseInput(enc);
  uint8_t out[65536]; uint8_t *next = out; size_t avail = sizeof out;
  if (JxlEncoderProcessOutput(enc, &next, &avail) != JXL_ENC_SUCCESS) return 3;
  FILE *f = fopen(argv[1], "wb"); fwrite(out, 1, next - out, f); fclose(f); return 0;
}
