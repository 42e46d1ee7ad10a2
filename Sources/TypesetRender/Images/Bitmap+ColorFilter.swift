import TypesetCore

extension Bitmap {
    /// This image through a book's CSS `filter` (``ColorFilter``, its functions in order on each pixel's straight
    /// colour and alpha); itself when there is none. Linear in the pixels; a run of pixels of one colour (line
    /// art, flat grounds) is worked out once.
    func colorFiltered(_ filter: ColorFilter?) -> Bitmap {
        guard let filter, !filter.functions.isEmpty else { return self }
        var result = self
        result.withUnsafeMutablePixels { pixels in
            var last: (input: SIMD4<UInt8>, output: SIMD4<UInt8>)?
            var p = 0
            while p + 3 < pixels.count {
                let input = SIMD4(pixels[p], pixels[p + 1], pixels[p + 2], pixels[p + 3])
                let output: SIMD4<UInt8>
                if let last, last.input == input {
                    output = last.output
                } else {
                    let filtered = filter.apply(SIMD4<Float>(input) / 255) * 255
                    output = SIMD4<UInt8>(filtered.rounded(.toNearestOrAwayFromZero))
                    last = (input, output)
                }
                pixels[p] = output.x; pixels[p + 1] = output.y; pixels[p + 2] = output.z; pixels[p + 3] = output.w
                p += 4
            }
        }
        return result
    }
}
