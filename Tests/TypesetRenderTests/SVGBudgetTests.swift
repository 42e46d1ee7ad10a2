import Testing
import TypesetCore
@testable import TypesetRender

/// SVGs that made librsvg abort the process, run for minutes or take gigabytes (issue 31) are held to `SVGBudget`
/// before librsvg reads them: refused (a `.tooLarge` error, drawn as a placeholder) or lowered where nothing
/// visible changes. Every drawing here is generated, small.
@Suite struct SVGBudgetTests {
    static func svg(_ body: String, width: Int = 100, height: Int = 100, doctype: String = "") -> [UInt8] {
        Array((doctype + #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="\#(width)" height="\#(height)">"#
               + body + "</svg>").utf8)
    }

    static func convolution(order: String, values: Int) -> String {
        #"<filter id="f"><feConvolveMatrix order="\#(order)" kernelMatrix="\#(Array(repeating: "1", count: values).joined(separator: " "))"/></filter>"#
            + #"<rect width="100" height="100" fill="red" filter="url(#f)"/>"#
    }

    static func refusal(_ bytes: [UInt8], svgSize: (Int, Int)? = nil) -> String? {
        do {
            _ = try ImageDecoder.decode(bytes, svgSize: svgSize)
            return nil
        } catch {
            #expect(error.code == .tooLarge, "\(error.message)")
            return error.message
        }
    }

    /// `feConvolveMatrix` with more than 400 kernel values aborted the process inside librsvg (a Rust panic in
    /// nalgebra, SIGABRT), whatever its order; the tester's was `order="100"`. Refused as the size is read, also
    /// when an entity of the DTD hides the values; 400 values in a 20 × 20 kernel are drawn.
    @Test func kernelsLibrsvgAbortsOnAreRefused() throws {
        for (order, values) in [("100", 10_000), ("3", 401), ("1 401", 401)] {
            let bytes = Self.svg(Self.convolution(order: order, values: values))
            #expect(throws: RenderError.self) { try ImageDecoder.size(of: bytes) }
            #expect(Self.refusal(bytes)?.contains("\(values) kernel values") == true, "order \(order)")
        }
        let hidden = Self.svg(#"<filter id="f"><feConvolveMatrix order="3" kernelMatrix="&k;"/></filter><rect width="100" height="100" filter="url(#f)"/>"#,
                              doctype: #"<!DOCTYPE svg [<!ENTITY k "\#(Array(repeating: "1", count: 500).joined(separator: " "))">]>"#)
        #expect(Self.refusal(hidden)?.contains("500 kernel values") == true)
        #expect(Self.refusal(Self.svg(Self.convolution(order: "21", values: 9)))?.contains("order") == true)
        let largest = try ImageDecoder.decode(Self.svg(Self.convolution(order: "20", values: 400)))
        #expect(largest.width == 100)
    }

    /// `feTurbulence numOctaves="10000"` ran for over a minute; octaves past the tenth add less than an 8-bit step,
    /// so it is drawn with ten, pixel for pixel as a drawing that asks for ten. The limit guards against the hang
    /// the unlowered drawing would be (hours), not a measure of speed: it is generous, as its clock runs from when the
    /// test is scheduled, and on two busy cores its body may wait over a minute for a thread (it did, alongside the
    /// reftests, taking 0.6 s alone).
    @Test(.timeLimit(.minutes(10))) func turbulenceOctavesAreLowered() throws {
        func turbulence(_ octaves: Int) -> [UInt8] {
            Self.svg(#"<filter id="t"><feTurbulence baseFrequency="0.02" numOctaves="\#(octaves)"/></filter><rect width="800" height="800" filter="url(#t)"/>"#,
                     width: 800, height: 800)
        }
        let lowered = try ImageDecoder.decode(turbulence(100_000))
        let ten = try ImageDecoder.decode(turbulence(10))
        #expect(lowered == ten)
    }

    /// Each `<image>` is decoded on its own: 20 references to a 2,000 × 2,000 image (16 MB decoded each) go past
    /// the 256 MB a drawing may take and are refused (200 references to a 30 MB image grew past 5 GB); two are
    /// drawn.
    @Test func imagesAreCountedPerReference() throws {
        let png = try PNGEncoder.encode(Bitmap(width: 2000, height: 2000, fill: Color(red: 200, green: 10, blue: 10)))
        let url = "data:image/png;base64," + Base64.encode(png)
        func drawing(_ references: Int) -> [UInt8] {
            Self.svg((0..<references).map { #"<image x="\#($0)" width="50" height="50" xlink:href="\#(url)"/>"# }.joined())
        }
        #expect(Self.refusal(drawing(20))?.contains("320000000 bytes") == true)
        let two = try ImageDecoder.decode(drawing(2))
        #expect(two[x: 25, y: 25].red > 150)
    }

    /// Filters cost their primitives times the pixels drawn, for every element drawn through them: 300 elements
    /// through five primitives are drawn at 100 × 100 pixels and refused at 1,000 × 1,000.
    @Test func filterWorkIsBounded() throws {
        let filter = #"<filter id="f">"# + String(repeating: #"<feGaussianBlur stdDeviation="2"/>"#, count: 5) + "</filter>"
        let bytes = Self.svg(filter + String(repeating: #"<rect width="10" height="10" filter="url(#f)"/>"#, count: 300))
        _ = try ImageDecoder.decode(bytes, svgSize: (100, 100))
        #expect(Self.refusal(bytes, svgSize: (1000, 1000))?.contains("1500 filter primitives") == true)
    }

    /// A drawing with a DTD is handed to librsvg as libxml2 expanded it: the same pixels.
    @Test func entitiesAreDrawnAsTheyExpand() throws {
        let declared = Self.svg(#"<rect width="100" height="100" fill="&c;"/>"#, doctype: ##"<!DOCTYPE svg [<!ENTITY c "#0000ff">]>"##)
        let plain = Self.svg(##"<rect width="100" height="100" fill="#0000ff"/>"##)
        #expect(try ImageDecoder.decode(declared) == (try ImageDecoder.decode(plain)))
        let checked = String(decoding: try SVGBudget.checked(declared, pixelCount: 1, limits: ImageLimits()), as: UTF8.self)
        #expect(!checked.contains("DOCTYPE") && checked.contains("#0000ff"))
    }
}
