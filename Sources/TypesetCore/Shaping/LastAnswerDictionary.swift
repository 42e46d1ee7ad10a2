/// A dictionary of computed answers that checks the last key asked before hashing: a book's paragraphs ask for the
/// same font set, language and line iterator over and over, and comparing two equal strings (which share storage)
/// costs less than hashing one (callgrind: the dictionary lookups were 2 % of shaping War and Peace).
struct LastAnswerDictionary<Key: Hashable, Value> {
    private var answers: [Key: Value] = [:]
    private var last: (key: Key, value: Value)?

    /// How many answers are kept.
    var count: Int { answers.count }

    /// The answer for `key`, made (and kept) by `make` the first time.
    mutating func value<E: Error>(for key: Key, make: () throws(E) -> Value) throws(E) -> Value {
        if let last, last.key == key { return last.value }
        let value: Value
        if let known = answers[key] {
            value = known
        } else {
            value = try make()
            answers[key] = value
        }
        last = (key, value)
        return value
    }
}
