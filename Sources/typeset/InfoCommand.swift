import Foundation
import TypesetCore

/// `typeset info FILE [settings options]`: metadata, table of contents with page numbers, reading figures.
enum InfoCommand {
    static func run(_ arguments: [String]) throws {
        throw UsageError("info: not available yet")
    }
}
