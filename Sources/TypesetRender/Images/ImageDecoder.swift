internal import CImageCodecs
import TypesetCore

/// The image formats books use, recognised by their first bytes (never by a file name or a declared media type,
/// which books get wrong).
public enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    case png, jpeg, gif, webp, avif, jxl, svg

    /// The format of `bytes`, or nil when they start like none of them.
    public init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { self = .gif }
        else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { self = .webp }
        else if ImageFormat.isAVIF(bytes) { self = .avif }
        else if bytes.starts(with: [0xFF, 0x0A]) || bytes.starts(with: ImageFormat.jxlContainer) { self = .jxl }
        else if ImageFormat.looksLikeSVG(bytes) { self = .svg }
        else { return nil }
    }

    /// The names the formats go by in messages.
    static let knownFormats = "PNG, JPEG, GIF, WebP, AVIF, JPEG XL or SVG"

    /// The signature box of a JPEG XL file in its ISO container (a bare codestream starts `FF 0A`).
    private static let jxlContainer: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]

    /// An ISO media file whose `ftyp` box names the `avif` or `avis` brand, major or compatible.
    private static func isAVIF(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 16, Array(bytes[4..<8]) == Array("ftyp".utf8) else { return false }
        let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(bytes.count, max(16, min(boxSize, 4096)))
        var brand = 8
        while brand + 4 <= end {
            let name = bytes[brand..<(brand + 4)]
            if name.elementsEqual("avif".utf8) || name.elementsEqual("avis".utf8) { return true }
            brand += brand == 8 ? 8 : 4  // the major brand, then the minor version, then the compatible brands
        }
        return false
    }

    /// An XML document (after an optional byte-order mark, white space, a declaration, comments and a doctype)
    /// whose root element is `svg`.
    private static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        var head = bytes.prefix(4096)
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        // Only a prologue may come before the root: white space and markup that is not an element.
        var index = head.startIndex
        while index < head.endIndex {
            let byte = head[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1; continue }
            guard byte == UInt8(ascii: "<"), index + 1 < head.endIndex else { return false }
            let next = head[index + 1]
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                guard var close = head[index...].firstIndex(of: UInt8(ascii: ">")) else { return false }
                // A doctype's internal subset (Illustrator declares entities there) holds `>`: skip to `]>`.
                if let bracket = head[index..<close].firstIndex(of: UInt8(ascii: "[")),
                   let end = head[bracket...].firstIndex(of: UInt8(ascii: "]")),
                   let after = head[end...].firstIndex(of: UInt8(ascii: ">")) {
                    close = after
                }
                index = close + 1
                continue
            }
            return head[(index + 1)...].starts(with: Array("svg".utf8))
        }
        return false
    }
}

/// What decoding one image may cost. A header that declares more is refused before anything is allocated.
public struct ImageLimits: Hashable, Sendable {
    /// The most pixels an image may have once decoded (RGBA: four bytes each). The default, 40 million, is a
    /// 7,000 × 5,700 photograph, more than any page shows, at 160 MB.
    public var maximumPixelCount: Int
    /// The longest side, in pixels.
    public var maximumDimension: Int
    /// The most bytes an image file may have.
    public var maximumFileSize: Int
    /// The most pixels a ``PageRenderer`` decodes to draw one page (or window): images it has cached cost nothing,
    /// and past this the page's other images are placeholders. The default, 120 million, is three images of the
    /// largest size, about a second of decoding: forty images each within the limits kept one page from being drawn.
    public var maximumPixelsPerPage: Int
    /// The most pixels a ``PageRenderer`` decodes over a book, from when it is made or
    /// ``PageRenderer/startBook()`` is called: a book whose every page spends its page budget is stopped too. The
    /// default, 16 billion, is two thousand pages of 8-megapixel scans.
    public var maximumPixelsPerBook: Int

    /// Creates limits; the defaults suit any book image.
    public init(maximumPixelCount: Int = 40_000_000, maximumDimension: Int = 32_767, maximumFileSize: Int = 64 << 20,
                maximumPixelsPerPage: Int = 120_000_000, maximumPixelsPerBook: Int = 16_000_000_000) {
        self.maximumPixelCount = maximumPixelCount
        self.maximumDimension = maximumDimension
        self.maximumFileSize = maximumFileSize
        self.maximumPixelsPerPage = maximumPixelsPerPage
        self.maximumPixelsPerBook = maximumPixelsPerBook
    }
}

/// Decodes book images into bitmaps with the libraries made for each format: libpng, libjpeg-turbo, giflib,
/// libwebp, libavif, libjxl and librsvg; scales them with pixman. Each format's library is loaded the first time
/// an image in that format is measured or decoded; when it cannot be, that image's error says which library and
/// Debian package it needs.
///
/// Sizes come from headers first (``size(of:limits:)``), so a layout never decodes, and a page decodes only the images
/// it draws. Every failure is a ``RenderError`` `.image` naming what went wrong; nothing traps, and no decoder is
/// asked for more than ``ImageLimits`` allow.
public enum ImageDecoder {
    /// An image's intrinsic size: pixels for raster images, CSS pixels (96 per inch) for SVG.
    public struct IntrinsicSize: Hashable, Sendable {
        /// The format the bytes are in.
        public let format: ImageFormat
        /// Width in pixels.
        public let width: Double
        /// Height in pixels.
        public let height: Double

        /// A vector image's size scaled down, keeping its proportions, to what `limits` allow a decoded image:
        /// an SVG's size is only a default for its box (which is what is rasterised), so a huge one is capped
        /// rather than refused.
        func capped(to limits: ImageLimits) -> IntrinsicSize {
            guard width.isFinite, height.isFinite, width > 0, height > 0 else { return self }
            let side = Double(limits.maximumDimension), area = Double(limits.maximumPixelCount)
            let factor = min(1, side / width, side / height, (area / (width * height)).squareRoot())
            guard factor < 1 else { return self }
            return IntrinsicSize(format: format, width: (width * factor).rounded(.down), height: (height * factor).rounded(.down))
        }
    }

    /// Reads the size from the image's header without decoding it.
    ///
    /// - Throws: ``RenderError`` `.image` for bytes in no known format or a header the library refuses,
    ///   `.tooLarge` for a size over `limits`.
    public static func size(of bytes: [UInt8], limits: ImageLimits = ImageLimits()) throws(RenderError) -> IntrinsicSize {
        guard bytes.count <= limits.maximumFileSize else {
            throw RenderError(.tooLarge, "the image file has \(bytes.count) bytes, more than the \(limits.maximumFileSize) an image may have")
        }
        guard let format = ImageFormat(sniffing: bytes) else { throw RenderError(.image, "not an image in a known format (\(ImageFormat.knownFormats))") }
        var message = [CChar](repeating: 0, count: 256)
        var width: Int32 = 0, height: Int32 = 0
        let result: Int32
        switch format {
        case .png:
            guard bytes.count >= 24 else { throw RenderError(.image, "the PNG is truncated before its header") }
            func field(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
            return try checked(IntrinsicSize(format: .png, width: Double(field(16)), height: Double(field(20))), limits)
        case .jpeg: result = CImage_jpegSize(bytes, bytes.count, &width, &height, &message, message.count)
        case .gif: result = CImage_gifSize(bytes, bytes.count, &width, &height, &message, message.count)
        case .webp: result = CImage_webpSize(bytes, bytes.count, &width, &height, &message, message.count)
        case .avif: result = CImage_avifSize(bytes, bytes.count, &width, &height, &message, message.count)
        case .jxl: result = CImage_jxlSize(bytes, bytes.count, &width, &height, &message, message.count)
        case .svg:
            var w = 0.0, h = 0.0
            // librsvg aborts on some documents as it reads them: they are checked first (SVGBudget).
            let document = try SVGBudget.checked(bytes, pixelCount: 1, limits: limits)
            let status = CImage_svgSize(document, document.count, &w, &h, &message, message.count)
            guard status != CIMAGE_UNAVAILABLE else { throw RenderError(.image, text(message, limit: 256)) }
            guard status >= 0 else { throw RenderError(.image, "the SVG cannot be read (\(text(message)))") }
            return try checked(IntrinsicSize(format: .svg, width: w, height: h).capped(to: limits), limits)
        }
        // A library that cannot be loaded says so in a sentence of its own.
        guard result != CIMAGE_UNAVAILABLE else { throw RenderError(.image, text(message, limit: 256)) }
        guard result == 0 else { throw RenderError(.image, "the \(format.rawValue.uppercased()) header cannot be read (\(text(message)))") }
        return try checked(IntrinsicSize(format: format, width: Double(width), height: Double(height)), limits)
    }

    /// Decodes an image at its own size (SVG: rendered at `svgSize`, else at its intrinsic size).
    ///
    /// A truncated JPEG or GIF keeps the rows decoded, as browsers draw them.
    ///
    /// - Throws: ``RenderError`` `.image` for data the library cannot decode, `.tooLarge` over `limits`.
    ///   `svgViewport`, in CSS pixels, is the box an SVG is laid out in (its size in points on the page); nil for
    ///   `svgSize` itself.
    public static func decode(_ bytes: [UInt8], svgSize: (width: Int, height: Int)? = nil, svgViewport: Size? = nil,
                              limits: ImageLimits = ImageLimits()) throws(RenderError) -> Bitmap {
        try decode(bytes, svgSize: svgSize, svgViewport: svgViewport, svgFonts: nil, limits: limits)
    }

    /// As ``decode(_:svgSize:svgViewport:limits:)``, an SVG's text drawn with `svgFonts` (a book's fonts) as well
    /// as the system's.
    static func decode(_ bytes: [UInt8], svgSize: (width: Int, height: Int)?, svgViewport: Size?, svgFonts: SVGFontSet?,
                       limits: ImageLimits) throws(RenderError) -> Bitmap {
        // An SVG drawn into a box needs no size of its own (`<svg width="100%">` without a viewBox has none).
        let size: IntrinsicSize
        if let svgSize, bytes.count <= limits.maximumFileSize, ImageFormat(sniffing: bytes) == .svg {
            size = try checked(IntrinsicSize(format: .svg, width: Double(svgSize.width), height: Double(svgSize.height)), limits)
        } else {
            size = try self.size(of: bytes, limits: limits)
        }
        var width = Int(size.width.rounded()), height = Int(size.height.rounded())
        if size.format == .svg, let svgSize {
            width = svgSize.width
            height = svgSize.height
        }
        let viewport = svgViewport ?? Size(width: Double(width), height: Double(height))
        if size.format == .png { return try PNGDecoder.decode(bytes) }
        let bytes = size.format == .svg ? try SVGBudget.checked(bytes, pixelCount: width * height, limits: limits) : bytes
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var message = [CChar](repeating: 0, count: 256)
        let result: Int32 = pixels.withUnsafeMutableBufferPointer { out in
            let w = Int32(width), h = Int32(height)
            switch size.format {
            case .jpeg: return CImage_jpegDecode(bytes, bytes.count, out.baseAddress, w, h, &message, message.count)
            case .gif: return CImage_gifDecode(bytes, bytes.count, out.baseAddress, w, h, &message, message.count)
            case .webp: return CImage_webpDecode(bytes, bytes.count, out.baseAddress, w, h, &message, message.count)
            case .avif:
                return CImage_avifDecode(bytes, bytes.count, out.baseAddress, w, h, UInt32(clamping: limits.maximumPixelCount),
                                         &message, message.count)
            case .jxl: return CImage_jxlDecode(bytes, bytes.count, out.baseAddress, w, h, &message, message.count)
            case .svg: return CImage_svgRender(bytes, bytes.count, out.baseAddress, w, h, viewport.width, viewport.height,
                                               svgFonts?.pointer, &message, message.count)
            case .png: return -1
            }
        }
        guard result != CIMAGE_UNAVAILABLE else { throw RenderError(.image, text(message, limit: 256)) }
        guard result >= 0 else {
            throw RenderError(.image, "the \(size.format.rawValue.uppercased()) cannot be decoded (\(text(message)))")
        }
        guard let bitmap = Bitmap(width: width, height: height, pixels: pixels) else {
            throw RenderError(.image, "the \(size.format.rawValue.uppercased()) decoded to the wrong byte count")
        }
        return bitmap
    }

    /// The bitmap scaled to `width` × `height` pixels (Lanczos-3 when shrinking, bilinear when enlarging, in
    /// premultiplied alpha).
    ///
    /// - Throws: ``RenderError`` `.tooLarge` for a target over `limits`, `.image` when pixman fails.
    public static func scaled(_ bitmap: Bitmap, width: Int, height: Int, limits: ImageLimits = ImageLimits()) throws(RenderError) -> Bitmap {
        if width == bitmap.width && height == bitmap.height { return bitmap }
        _ = try checked(IntrinsicSize(format: .png, width: Double(width), height: Double(height)), limits)
        guard bitmap.width > 0, bitmap.height > 0 else { throw RenderError(.image, "an empty image cannot be scaled") }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let result = pixels.withUnsafeMutableBufferPointer { out in
            bitmap.pixels.withUnsafeBufferPointer { source in
                CImage_scale(source.baseAddress, Int32(bitmap.width), Int32(bitmap.height), out.baseAddress, Int32(width), Int32(height))
            }
        }
        guard result == 0, let scaled = Bitmap(width: width, height: height, pixels: pixels) else {
            throw RenderError(.image, "pixman could not scale a \(bitmap.width)×\(bitmap.height) image to \(width)×\(height)")
        }
        return scaled
    }

    private static func checked(_ size: IntrinsicSize, _ limits: ImageLimits) throws(RenderError) -> IntrinsicSize {
        guard size.width.isFinite, size.height.isFinite, size.width >= 1, size.height >= 1 else {
            throw RenderError(.image, "the \(size.format.rawValue.uppercased()) declares a size of \(formatPoints(size.width))×\(formatPoints(size.height))")
        }
        guard size.width <= Double(limits.maximumDimension), size.height <= Double(limits.maximumDimension),
              size.width * size.height <= Double(limits.maximumPixelCount) else {
            throw RenderError(.tooLarge, "the \(size.format.rawValue.uppercased()) declares \(formatPoints(size.width))×\(formatPoints(size.height)) pixels, more than an image may have (\(limits.maximumPixelCount) pixels, \(limits.maximumDimension) on a side)")
        }
        return size
    }

    /// A library's message, shortened to `limit` characters (a library that cannot be loaded gets a whole sentence
    /// with its path: 256).
    private static func text(_ message: [CChar], limit: Int = 120) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let text = String(decoding: bytes, as: UTF8.self).oneLine(limit: limit)
        return text.isEmpty ? "no reason given" : text
    }
}
