import Foundation
import Testing
import TypesetTestSupport

/// `typeset speak`: a WAV file, word and sentence marks, where reading starts, voices, and what bad input gets.
@Suite struct SpeakCommandTests {
    static let book = """
        Well, Prince, so Genoa and Lucca are now just family estates of the Buonapartes. But I warn you, if you \
        don't tell me that this means war, I will not know you.

        It was in July, 1805, and the speaker was the well-known Anna Pávlovna Schérer. She was a maid of honor.
        """

    /// Reads a WAV file's header: channels, sample rate, bits, and the number of samples.
    static func wavHeader(_ data: Data) -> (channels: Int, rate: Int, bits: Int, samples: Int)? {
        let bytes = [UInt8](data)
        guard bytes.count >= 44, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8) else { return nil }
        func le(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        guard le(40, 4) == bytes.count - 44 else { return nil }
        return (le(22, 2), le(24, 4), le(34, 2), le(40, 4) / 2)
    }

    @Test func writesTheAudioAndTheMarksOfEveryWord() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        let result = try CLIRunner.run(["speak", file, "--sentences", "3", "-o", "out.wav", "--marks", "marks.json"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("wrote 3 sentences ("))
        let header = try #require(Self.wavHeader(try Data(contentsOf: URL(fileURLWithPath: directory.path("out.wav")))))
        #expect(header.channels == 1 && header.bits == 16 && header.rate == 22_050 && header.samples > 22_050)
        let marks = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory.path("marks.json")))) as? [String: Any])
        #expect(marks["durationMs"] as? Int == Int((Double(header.samples) / 22.05).rounded()))
        let utterances = try #require(marks["utterances"] as? [[String: Any]])
        #expect(utterances.map { $0["text"] as? String } == [
            "Well, Prince, so Genoa and Lucca are now just family estates of the Buonapartes.",
            "But I warn you, if you don't tell me that this means war, I will not know you.",
            "It was in July, 1805, and the speaker was the well-known Anna Pávlovna Schérer."])
        #expect(utterances.allSatisfy { $0["voice"] as? String == "gmw/en" && $0["locator"] is [String: Any] })
        let words = try #require(marks["words"] as? [[String: Any]])
        #expect(words.count > 30)
        var previousEnd = 0, previousTime = 0
        for word in words {
            let range = try #require(word["range"] as? [String: Int])
            let location = try #require(range["location"]), length = try #require(range["length"])
            let utterance = utterances[try #require(word["utterance"] as? Int)]
            let sentence = try #require(utterance["range"] as? [String: Int])
            #expect(location >= previousEnd, "words in order, never overlapping")
            #expect(location >= sentence["location"]! && location + length <= sentence["location"]! + sentence["length"]!)
            let start = try #require(word["startMs"] as? Int), end = try #require(word["endMs"] as? Int)
            #expect(start >= previousTime && end >= start)
            #expect(start >= utterance["startMs"] as! Int && end <= utterance["endMs"] as! Int)
            previousEnd = location + length
            previousTime = start
        }
        #expect(words.first?["text"] as? String == "Well")
        #expect(words.contains { $0["text"] as? String == "1805" })
    }

    /// Reading starts at the sentence a Locator (a file, or the JSON itself) or an offset points into.
    @Test func startsWhereTheLocatorPoints() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        let offset = (Self.book as NSString).range(of: "speaker").location
        let locator = #"{"href": "book.txt", "type": "text/plain", "locations": {"typesetUTF16Offset": \#(offset)}, "text": {"highlight": "speaker"}}"#
        try directory.write(locator, to: "where.json")
        for arguments in [["--from", "where.json"], ["--from", locator], ["--at", String(offset)]] {
            let result = try CLIRunner.run(["speak", file, "-o", "a.wav", "--marks", "m.json"] + arguments, in: directory)
            #expect(result.status == 0, "\(result.stderr)")
            let marks = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory.path("m.json")))) as? [String: Any])
            let first = (marks["utterances"] as? [[String: Any]])?.first?["text"] as? String
            #expect(first?.hasPrefix("It was in July, 1805") == true, "\(arguments)")
        }
    }

    @Test func badInputGetsAClearAnswer() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        let unknownHref = try CLIRunner.run(["speak", file, "--from", #"{"href": "other.xhtml", "type": "application/xhtml+xml"}"#], in: directory)
        #expect(unknownHref.status == 1)
        #expect(unknownHref.stderrLines.count == 1 && unknownHref.stderr.contains("--from: the Locator (href \"other.xhtml\") is not in this book"))
        let notJSON = try CLIRunner.run(["speak", file, "--from", "{nope"], in: directory)
        #expect(notJSON.status == 1 && notJSON.stderr.contains("--from: not valid JSON"))
        let pastTheEnd = try CLIRunner.run(["speak", file, "--at", "99999"], in: directory)
        #expect(pastTheEnd.status == 2 && pastTheEnd.stderr.contains("past the end of the text"))
        let noSentences = try CLIRunner.run(["speak", file, "--sentences", "0"], in: directory)
        #expect(noSentences.status == 2)
        let noVoice = try CLIRunner.run(["speak", file, "--voice", "nobody"], in: directory)
        #expect(noVoice.status == 2 && noVoice.stderr.contains("eSpeak NG has no voice \"nobody\""))
        let both = try CLIRunner.run(["speak", file, "--at", "3", "--from", "where.json"], in: directory)
        #expect(both.status == 2)
        // A language eSpeak lacks: English, named in a notice. (The Klingon is recognised as no language, so --lang
        // says which; an English text would be recognised as English.)
        let klingonFile = try directory.write("Qapla' batlh Daqawlu'taH. nuqneH, jagh yIjey.\n", to: "tlh.txt")
        let klingon = try CLIRunner.run(["speak", klingonFile, "--lang", "tlh", "-o", "k.wav"], in: directory)
        #expect(klingon.status == 0, "\(klingon.stderr)")
        #expect(klingon.stderr.contains("eSpeak NG has no voice for \"tlh\"; using English (Great Britain) (gmw/en)"))
        // From the very end there is nothing to read: an empty track, said so.
        let end = try CLIRunner.run(["speak", file, "--at", String((Self.book as NSString).length), "-o", "e.wav"], in: directory)
        #expect(end.status == 0 && end.stderr.contains("nothing to read"))
        #expect(Self.wavHeader(try Data(contentsOf: URL(fileURLWithPath: directory.path("e.wav"))))?.samples == 0)
    }

    /// `--highlight-pages` draws the page of each sentence with that sentence active.
    @Test func highlightPagesDrawsEachSentencesPage() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.book, to: "book.txt")
        let result = try CLIRunner.run(["speak", "--fonts", "bundled", file, "--sentences", "2", "-o", "a.wav", "--highlight-pages", "pages"],
                                       in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path("pages")).sorted()
        #expect(files == ["sentence-001-page-0001.png", "sentence-002-page-0001.png"])
        let first = try Data(contentsOf: URL(fileURLWithPath: directory.path("pages/" + files[0])))
        let second = try Data(contentsOf: URL(fileURLWithPath: directory.path("pages/" + files[1])))
        #expect(first != second, "each picture shows its own sentence active")
    }
}
