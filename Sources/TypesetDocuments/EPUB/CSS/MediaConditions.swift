import TypesetCore

/// The media conditions a style sheet's rules apply under: each an `@media` group's query (or a `<link media>`,
/// an `@import`'s media, an alternate style sheet's selection) and the condition of the group it is nested in.
///
/// A rule names its innermost condition by index; it applies when that query and every enclosing one holds.
/// Nesting is a parent index, always smaller than the node's own, so that evaluating every condition of a sheet
/// is one pass (``evaluate(_:)``) however deep the groups nest, and a sheet of nested groups costs a node each.
/// Only conditions whose answer depends on the reader's page or theme are kept: the parser drops groups that never
/// apply and opens no condition for those that always do.
struct MediaConditions: Sendable {
    struct Node: Sendable {
        let query: MediaQueryList
        let parent: Int?
    }

    private(set) var nodes: [Node] = []

    var isEmpty: Bool { nodes.isEmpty }
    var count: Int { nodes.count }

    /// Adds `query` nested in `parent` and returns its index.
    mutating func add(_ query: MediaQueryList, parent: Int?) -> Int {
        nodes.append(Node(query: query, parent: parent))
        return nodes.count - 1
    }

    /// Whether each condition holds on `environment` (its own query and those it is nested in).
    func evaluate(_ environment: MediaEnvironment) -> [Bool] {
        var answers: [Bool] = []
        answers.reserveCapacity(nodes.count)
        for node in nodes {
            let enclosing = node.parent.map { $0 < answers.count ? answers[$0] : false } ?? true
            answers.append(enclosing && node.query.matches(environment))
        }
        return answers
    }
}

/// An `@import` rule: the sheet's URL as written, and the media it applies on (nil: always).
struct CSSImport: Sendable {
    let url: String
    let media: MediaQueryList?
}

/// Which of a document's media conditions hold on the reader's page, and on the reference page
/// (``MediaEnvironment/reference``) that decides the structure of its text (see ``XHTMLConverter``).
struct MediaAnswers {
    let live: [Bool]
    let reference: [Bool]

    /// No conditions.
    static let none = MediaAnswers(live: [], reference: [])

    init(live: [Bool], reference: [Bool]) { self.live = live; self.reference = reference }

    init(_ conditions: MediaConditions, environment: MediaEnvironment) {
        live = conditions.evaluate(environment)
        reference = environment == .reference ? live : conditions.evaluate(.reference)
    }
}
