import CTextCat
import Foundation
import Testing
import TypesetDocuments
import TypesetTestSupport

/// The language guesser reads libexttextcat's models itself (TextCatClassifier) rather than through
/// `textcat_Init`: its answers must be the library's own, sample for sample.
@Suite struct TextCatClassifierTests {
    /// libexttextcat's `textcat_Classify` over the same models, as the guesser called it before.
    final class Reference {
        let handle: UnsafeMutableRawPointer

        init() throws {
            let path = NSTemporaryDirectory() + "typeset-textcat-\(getpid()).conf"
            let lines = LanguageIdentifier.modelFiles.map { $0.path + "\t" + $0.name + "\n" }.joined()
            try lines.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            handle = try #require(textcat_Init(path))
        }

        deinit { textcat_Done(handle) }

        /// The candidates' names, best first; empty for SHORT and UNKNOWN.
        func classify(_ sample: [UInt8]) -> [String] {
            let terminated = sample + [0]
            let answer = terminated.withUnsafeBufferPointer { buffer in
                String(cString: textcat_Classify(handle, buffer.baseAddress, sample.count))
            }
            guard answer.hasPrefix("[") else { return [] }
            return answer.dropFirst().split(separator: "[").map { String($0.prefix { $0 != "]" }) }
        }
    }

    /// Samples of every corpus text book (three lengths at five places each), some mixed from two books, and
    /// generated ones (digits and spaces only, one letter repeated, random letters of several scripts), so that
    /// the answers cover single candidates, close calls, UNKNOWN and SHORT.
    static func samples() throws -> [[UInt8]] {
        var samples: [[UInt8]] = []
        var texts: [[UInt8]] = []
        for book in Fixtures.corpusTextBooks where !book.hasPrefix("nasty/") {
            let text = try Fixtures.corpusText(book)
            texts.append(Array(text.string(in: 0..<text.length).utf8))
        }
        for bytes in texts {
            for place in [0.05, 0.3, 0.5, 0.7, 0.9] {
                for length in [40, 300, 3_000] {
                    samples.append(Self.slice(bytes, at: place, length: length))
                }
            }
        }
        for (a, b) in zip(texts, texts.dropFirst()) {
            samples.append(Self.slice(a, at: 0.4, length: 500) + Self.slice(b, at: 0.4, length: 500))
        }
        var generator = SplitMix64(seed: 32)
        let alphabets: [[Unicode.Scalar]] = [Array("abcdefghijklmnopqrstuvwxyz ".unicodeScalars),
                                             Array("абвгдежзийклмнопрстуфхцчшщъыьэюя ".unicodeScalars),
                                             Array("αβγδεζηθικλμνξοπρστυφχψω ".unicodeScalars),
                                             Array("0123456789 \n\t".unicodeScalars)]
        for alphabet in alphabets {
            for length in [1, 30, 200, 2_000] {
                let text = String(String.UnicodeScalarView((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }))
                samples.append(Array(text.utf8))
            }
        }
        samples.append(Array(String(repeating: "a", count: 500).utf8))
        samples.append([])
        return samples
    }

    static func slice(_ bytes: [UInt8], at place: Double, length: Int) -> [UInt8] {
        var start = min(bytes.count, Int(Double(bytes.count) * place))
        while start < bytes.count, bytes[start] & 0xC0 == 0x80 { start += 1 }
        var end = min(bytes.count, start + length)
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return Array(bytes[start..<end])
    }

    @Test func answersAreLibexttextcats() throws {
        let reference = try Reference()
        let samples = try Self.samples()
        var answers: [String: Int] = [:]
        for sample in samples {
            let expected = reference.classify(sample)
            let actual = try #require(LanguageIdentifier.candidates(of: sample))
            #expect(actual == expected, "\(String(decoding: sample.prefix(60), as: UTF8.self)): \(actual) against \(expected)")
            answers[expected.count == 1 ? "one" : expected.isEmpty ? "none" : "several", default: 0] += 1
        }
        // The samples reach every kind of answer.
        #expect(answers["one", default: 0] > 50 && answers["several", default: 0] > 0 && answers["none", default: 0] > 3, "\(answers)")
    }
}
