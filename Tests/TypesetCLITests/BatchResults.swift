import Foundation
import Testing
import TypesetTestSupport

/// Batch results (`typeset batch`'s lines, a catalogue's results file) read for the tests.
struct BatchResults {
    /// Each line as an object, in order.
    let lines: [[String: Any]]

    init(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        lines = try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(object as? [String: Any], "a result is a JSON object: \(line.prefix(200))", sourceLocation: sourceLocation)
        }
    }

    init(file path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try self.init(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self), sourceLocation: sourceLocation)
    }

    /// The results by id.
    var byID: [String: [String: Any]] {
        Dictionary(lines.map { (($0["id"] as? String) ?? "", $0) }) { _, last in last }
    }

    /// Every result without its `"run"` (timings, host, process): what two runs of one build must agree on.
    var withoutRun: [String: NSDictionary] {
        byID.mapValues { result in
            var copy = result
            copy["run"] = nil
            return copy as NSDictionary
        }
    }

    /// `result[path...]`, through nested objects.
    static func value(_ result: [String: Any], _ path: String...) -> Any? {
        var current: Any? = result
        for key in path { current = (current as? [String: Any])?[key] }
        return current
    }

    /// The error kind of a result, nil for an ok one.
    static func errorKind(_ result: [String: Any]) -> String? { value(result, "error", "kind") as? String }
}

/// Tools of Debian's Python that some tests run (`/usr/bin/python3`, as the manual says).
enum SystemPython {
    static let path = "/usr/bin/python3"

    /// Whether `/usr/bin/python3` can import `module`.
    static func has(_ module: String) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: path) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-c", "import \(module)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Validates every line of `results` against the JSON Schema at `schema` with python3-jsonschema; the
    /// validator's complaints, empty when every line is valid.
    static func schemaErrors(results: String, schema: String, in directory: TemporaryDirectory) throws -> String {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            for number, line in enumerate(open(sys.argv[2]), 1):
                for error in validator.iter_errors(json.loads(line)):
                    # A oneOf's own message quotes the instance; the reasons are in its context.
                    for reason in [error] + sorted(error.context or [], key=lambda e: str(e.absolute_path)):
                        print("line %d: %s: %s" % (number, list(reason.absolute_path), reason.message[:300]))
            """
        let scriptPath = try directory.write(script, to: "validate.py")
        let resultsPath = try directory.write(results, to: "results-to-validate.jsonl")
        let result = try CLIRunner.runProcess(URL(fileURLWithPath: path), [scriptPath, schema, resultsPath], in: directory, timeout: 60)
        return result.stdout + (result.status == 0 ? "" : "exit status \(result.status): \(result.stderr)")
    }

    /// The JSON Schema of the results, in the repository.
    static var resultSchema: String { Fixtures.repositoryRoot + "/Sources/typeset-catalog/batch-result-1.schema.json" }
}
