internal import CMeCab
import TypesetCore

/// The pronunciation of Japanese text in katakana, morpheme by morpheme, from MeCab with the IPA dictionary
/// (Debian's `libmecab-dev` and `mecab-ipadic-utf8`): eSpeak NG's Japanese voice reads kana only, and says
/// "Chinese letter" for every kanji, so kanji a book gives no ruby for are read through their pronunciation.
///
/// One MeCab tagger per process, its only owner, used under a lock (MeCab's tagger is not thread-safe), made the
/// first time Japanese is read (libmecab is opened then, not at start: CMeCab). Without MeCab or its dictionary
/// the readings are empty and kanji are left to eSpeak.
final class JapaneseReadings: @unchecked Sendable {
    /// One morpheme: its UTF-16 range in the text analysed and its pronunciation (katakana), when the dictionary
    /// has one.
    struct Morpheme: Equatable {
        let range: Range<Int>
        let pronunciation: String?
    }

    /// Made at its first use (a static let is lazy), which opens libmecab.
    static let shared = JapaneseReadings()

    private let tagger: OpaquePointer?
    private let lock = Locked(())

    private init() {
        // The system's mecabrc names the dictionary (Debian: /var/lib/mecab/dic/debian, ipadic-utf8).
        tagger = CMeCab_load(nil, 0) == 0 ? CMeCab_new2("") : nil
    }

    deinit { if let tagger { CMeCab_destroy(tagger) } }

    /// Whether MeCab and its dictionary are there.
    var isAvailable: Bool { tagger != nil }

    /// The morphemes of `text`, in order (white space belongs to none).
    func morphemes(of text: String) -> [Morpheme] {
        guard let tagger else { return [] }
        let bytes = Array(text.utf8)
        // The UTF-16 offset of each UTF-8 byte offset that starts a character (and of the end).
        var utf16Offsets = [Int](repeating: 0, count: bytes.count + 1)
        var utf16 = 0
        var index = 0
        for scalar in text.unicodeScalars {
            let length = scalar.utf8.count
            for k in 0..<length where index + k <= bytes.count { utf16Offsets[index + k] = utf16 }
            index += length
            utf16 += scalar.utf16.count
        }
        utf16Offsets[bytes.count] = utf16
        return lock.withLock { _ in
            var result: [Morpheme] = []
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                let input = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                guard var node = CMeCab_sparse_tonode2(tagger, input, buffer.count) else { return }
                while true {
                    let current = node.pointee
                    if current.stat == UInt8(MECAB_NOR_NODE) || current.stat == UInt8(MECAB_UNK_NODE), let surface = current.surface {
                        let start = surface - input
                        let end = start + Int(current.length)
                        if start >= 0, end <= bytes.count, start < end {
                            let features = current.feature.map { String(cString: $0) } ?? ""
                            result.append(Morpheme(range: utf16Offsets[start]..<utf16Offsets[end],
                                                   pronunciation: Self.pronunciation(features)))
                        }
                    }
                    guard let next = current.next else { break }
                    node = UnsafePointer(next)
                }
            }
            return result
        }
    }

    /// The pronunciation field of an IPA dictionary entry (`名詞,一般,*,*,*,*,猫,ネコ,ネコ`: the ninth), else its
    /// reading (the eighth); nil for an unknown word (`*` or no field).
    static func pronunciation(_ features: String) -> String? {
        let fields = features.split(separator: ",", omittingEmptySubsequences: false)
        for index in [8, 7] where index < fields.count && fields[index] != "*" && !fields[index].isEmpty {
            return String(fields[index])
        }
        return nil
    }
}
