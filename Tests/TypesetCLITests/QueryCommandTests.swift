import Foundation
import Testing
import TypesetTestSupport

/// `typeset query`: one JSON request per line in, one JSON answer per line out; bad requests get an error
/// answer and the stream goes on.
@Suite struct QueryCommandTests {
    /// Runs `typeset query` over `text` with the given request lines and returns the parsed answers.
    func answers(_ requests: [String], text: String = "The quick brown fox jumps over the lazy dog.\nSecond line.",
                 options: [String] = []) throws -> [[String: Any]] {
        let directory = try TemporaryDirectory()
        let file = try directory.write(text, to: "book.txt")
        let result = try CLIRunner.run(["query", "--fonts", "bundled"] + options + [file], in: directory,
                                       input: requests.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == requests.count, "one answer per request: \(lines)")
        return try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test func everyOperationAnswers() throws {
        let answers = try answers([
            #"{"op": "lines", "page": 1}"#,
            #"{"op": "closestPosition", "page": 1, "point": {"x": 1000, "y": 1000}}"#,
            #"{"op": "closestPosition", "page": 1, "point": {"x": 0, "y": 0}}"#,
            #"{"op": "caretRect", "offset": 4, "affinity": "forward"}"#,
            #"{"op": "selectionRects", "range": {"location": 4, "length": 5}}"#,
            #"{"op": "firstRect", "range": {"location": 4, "length": 5}}"#,
            #"{"op": "characterRange", "page": 1, "point": {"x": 2, "y": 2}}"#,
            #"{"op": "pageContaining", "offset": 10}"#,
            #"{"op": "position", "from": 3, "offset": 2}"#,
            #"{"op": "position", "from": 0, "offset": -1}"#,
            #"{"op": "position", "from": 3, "direction": "right", "offset": 1}"#,
            #"{"op": "offset", "from": 3, "to": 10}"#,
            #"{"op": "compare", "a": 3, "b": 10}"#,
            #"{"op": "textRange", "from": 10, "to": 3}"#,
            #"{"op": "rangeEnclosingPosition", "offset": 6, "granularity": "word", "direction": "forward"}"#,
            #"{"op": "isPositionAtBoundary", "offset": 4, "granularity": "word", "direction": "forward"}"#,
            #"{"op": "positionToBoundary", "offset": 6, "granularity": "word", "direction": "forward"}"#,
            #"{"op": "isPositionWithinTextUnit", "offset": 6, "granularity": "sentence"}"#,
        ])
        let length = ("The quick brown fox jumps over the lazy dog.\nSecond line." as String).utf16.count
        #expect(((answers[0]["lines"] as? [Any])?.count ?? 0) >= 2)
        #expect(answers[1]["offset"] as? Int == length)          // below the last line: the end
        #expect(answers[2]["offset"] as? Int == 0)               // above and left of the first line
        #expect((answers[3]["rect"] as? [String: Any])?["width"] as? Double == 2)
        #expect((answers[4]["rects"] as? [[String: Any]])?.first?["containsStart"] as? Bool == true)
        #expect(answers[5]["page"] as? Int == 1 && answers[5]["pageIndex"] as? Int == 0)
        #expect(answers[6]["range"] is NSNull)                   // the margin holds no character
        #expect(answers[7]["page"] as? Int == 1 && answers[7]["pageIndex"] as? Int == 0)
        #expect(answers[8]["offset"] as? Int == 5)
        #expect(answers[9]["offset"] is NSNull)
        #expect(answers[10]["offset"] as? Int == 4)
        #expect(answers[11]["offset"] as? Int == 7)
        #expect(answers[12]["order"] as? String == "ascending")
        #expect((answers[13]["range"] as? [String: Any])?["location"] as? Int == 3)
        #expect((answers[14]["range"] as? [String: Any])?["location"] as? Int == 4)
        #expect(answers[15]["result"] as? Bool == true)
        #expect(answers[16]["offset"] as? Int == 9)
        #expect(answers[17]["result"] as? Bool == true)
    }

    @Test func badRequestsGetAnErrorAndTheStreamGoesOn() throws {
        let answers = try answers([
            "not json",
            #"{"op": "nope"}"#,
            #"{"op": "caretRect", "offset": 9999}"#,
            #"{"op": "caretRect", "offset": -1}"#,
            #"{"op": "selectionRects", "range": {"location": 10, "length": -4}}"#,
            #"{"op": "closestPosition", "page": 7, "point": {"x": 1, "y": 1}}"#,
            #"{"op": "closestPosition", "page": 0, "point": {"x": 1, "y": 1}}"#,
            #"{"op": "closestPosition", "page": 1, "point": {"x": "a", "y": 1}}"#,
            #"{"op": "pageContaining", "offset": 3}"#,
        ])
        for answer in answers.prefix(8) { #expect(answer["error"] is String, "\(answer)") }
        #expect(answers[8]["page"] as? Int == 1)
    }

    /// The settings report what applies: the values, and which of them the reader set (and so override the
    /// book's styles); `setSettings` with `null` gives a setting back to the book.
    @Test func settingsSayWhatTheReaderSet() throws {
        let answers = try answers([
            #"{"op": "settings"}"#,
            #"{"op": "setSettings", "settings": {"word-spacing": 0.5, "type-scale": 1}}"#,
            #"{"op": "settings"}"#,
            #"{"op": "setSettings", "settings": {"align": null, "word-spacing": null}}"#,
            #"{"op": "settings"}"#,
        ], options: ["--align", "justified"])
        func settings(_ index: Int) throws -> [String: Any] { try #require(answers[index]["settings"] as? [String: Any]) }
        #expect(try settings(0)["userSet"] as? [String] == ["align"] && settings(0)["align"] as? String == "justified")
        #expect(try settings(2)["userSet"] as? [String] == ["align", "type-scale", "word-spacing"])
        #expect(try settings(2)["wordSpacing"] as? Double == 0.5 && settings(2)["typeScale"] as? Double == 1)
        #expect(try settings(4)["userSet"] as? [String] == ["type-scale"] && settings(4)["align"] as? String == "start")
        #expect(try settings(4)["wordSpacing"] as? Double == 0)
    }

    @Test func theEmptyDocumentAnswersOffsetZero() throws {
        let answers = try answers([#"{"op": "closestPosition", "page": 1, "point": {"x": 50, "y": 50}}"#], text: "")
        #expect(answers[0]["offset"] as? Int == 0)
    }
}
