import FuzzSupport
import TypesetTestSupport
import TypesetCore
import TypesetDocuments

/// libFuzzer target: the plain-text decoder and reader on arbitrary bytes. Either the bytes are refused with a
/// `DocumentError` (binary data), or the reader's paragraphs partition exactly the decoded units, unchanged
/// (offsets never move), and a second read gives the same text.
/// The entry point SwiftPM links as `main` (see CFuzzer.h).
@_cdecl("fuzz_decoder_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzzDecoder(data, size) }
}

/// The function under test, under the name libFuzzer looks for.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(FuzzInput(data, size).rest)
    let decoded: (units: [UInt16], report: DecodingReport)
    do { decoded = try TextDecoder.decode(bytes, name: "fuzz.txt") } catch {
        fuzzCheck(error.message.hasPrefix("fuzz.txt: ") && !error.message.contains("\n"), "bad message \(error.message)")
        return 0
    }
    let document: PlainTextDocument
    do { document = try PlainTextReader().read(bytes: bytes, name: "fuzz.txt") } catch {
        fuzzCheck(false, "the decoder accepted what the reader refused: \(error.message)")
        return 0
    }
    fuzzCheck(document.encoding == decoded.report.encoding, "encodings differ")
    let text = document.text
    fuzzCheck(text.length == decoded.units.count, "text length \(text.length) != \(decoded.units.count) decoded units")
    var joined: [UInt16] = []
    joined.reserveCapacity(text.length)
    for paragraph in text.paragraphs {
        fuzzCheck(paragraph.range.lowerBound == joined.count, "paragraphs do not partition the text")
        fuzzCheck(paragraph.contentRange.upperBound <= paragraph.units.count, "content outside the paragraph")
        joined += paragraph.units
    }
    fuzzCheck(joined == decoded.units, "the paragraphs' units are not the decoded units")
    fuzzCheck(text.sectionStarts.first == 0, "the first paragraph does not start a section")
    // A preview (a prefix of the bytes) read in the book's encoding is a prefix of the book's text.
    if bytes.count > 1 {
        let cut = bytes.count / 2
        if let preview = try? PlainTextReader(encoding: document.encoding).read(bytes: Array(bytes.prefix(cut)), name: "fuzz.txt", isPreview: true),
           preview.decoding.invalidSequences == 0, document.decoding.invalidSequences == 0 {
            let units = preview.text.units(in: 0..<preview.text.length)
            fuzzCheck(units.count <= joined.count && Array(joined.prefix(units.count)) == units,
                      "the preview of \(cut) bytes (\(preview.decoding.summary)) is not a prefix of the book (\(document.decoding.summary))")
        }
    }
    return 0
}
