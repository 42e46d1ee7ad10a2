/// A setting whose value cannot be used: out of its range, of the wrong kind, or contradicting another setting.
public struct InvalidSetting: Error, CustomStringConvertible, Equatable, Sendable {
    /// The setting's name as the table spells it (`size`, `margins`...; see ``ReaderSettings/table``).
    public let name: String
    /// Why the value is refused, in one line.
    public let reason: String

    /// Creates an error for setting `name`.
    public init(name: String, reason: String) { self.name = name; self.reason = reason }

    /// `name: reason`.
    public var description: String { "\(name): \(reason)" }
}
