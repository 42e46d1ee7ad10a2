import Foundation
import TypesetCore

/// `typeset query FILE [settings options]`: one JSON request per line on stdin, one JSON answer per line on stdout.
enum QueryCommand {
    static func run(_ arguments: [String]) throws {
        throw UsageError("query: not available yet")
    }
}
