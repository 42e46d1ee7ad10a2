internal import CLibPNG

/// Reads PNG files into bitmaps with libpng, for golden-image tests and tools.
///
/// Any PNG libpng reads (palette, gray, 16-bit, interlaced) is converted to 8-bit straight-alpha RGBA;
/// images without alpha get alpha 255.
package enum PNGDecoder {
    /// Decodes a PNG byte stream.
    ///
    /// - Parameter bytes: A complete PNG file.
    /// - Returns: The image as RGBA.
    /// - Throws: ``RenderError`` `.png` for data libpng rejects, `.tooLarge` for images over
    ///   ``Bitmap/maximumPixelCount`` pixels.
    package static func decode(_ bytes: [UInt8]) throws(RenderError) -> Bitmap {
        try PNGImage.withImage { (image: inout png_image) throws(RenderError) -> Bitmap in
            let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
            try PNGImage.check(begun, &image, "not a readable PNG")
            let width = Int(image.width), height = Int(image.height)
            let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
            guard !overflow, pixelCount <= Bitmap.maximumPixelCount else {
                throw RenderError(.tooLarge, "the PNG is \(width)×\(height), more than \(Bitmap.maximumPixelCount) pixels")
            }
            image.format = PNGImage.formatRGBA
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
            try PNGImage.check(finished, &image, "cannot decode the PNG")
            guard let bitmap = Bitmap(width: width, height: height, pixels: pixels) else {
                throw RenderError(.png, "libpng returned a \(width)×\(height) image of the wrong byte count")
            }
            return bitmap
        }
    }

    /// Reads and decodes a PNG file.
    ///
    /// - Throws: ``RenderError`` `.io` when the file cannot be read, else as ``decode(_:)``.
    package static func read(from path: String) throws(RenderError) -> Bitmap {
        try decode(FileBytes.read(path))
    }
}
