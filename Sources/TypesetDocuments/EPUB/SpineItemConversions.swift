import Synchronization
import TypesetCore

/// The spine items of one book as converted last, kept so that a restyle for another page or theme
/// (``Publication/restyled(for:)``) converts again only the documents whose media queries answer differently there:
/// a rotation that flips a book's `(orientation: landscape)` rules re-reads the chapters whose sheets ask, and
/// reuses every other chapter's projection.
///
/// Kept only for books whose styles depend on the page or theme at all (``retain(_:)``): a book without media
/// queries or alternate style sheets is made again only when publisher styles are switched, and then whole, so its
/// reader holds no second copy of its text. An item's entry is replaced by its latest conversion, so the cache holds
/// at most one projection per item, or two for a document with narration in a book with a playback-active class (one
/// with the class on its root, one without: narration starts and stops often). Thread-safe.
final class SpineItemConversions: Sendable {
    private struct Entry: Sendable {
        let publisherStyles: Bool
        /// The answers of the item's media dependence in the environment it was converted for.
        let answers: [Bool]
        let text: SpineItemText
    }

    /// An item's path, and the class on its root it was converted with (the playback-active class), if any.
    private struct Key: Hashable, Sendable {
        let path: String
        let rootClass: String?
    }

    private let entries = Mutex<[Key: Entry]>([:])
    /// How many items were converted (stored) so far: what a restyle cost (for tests).
    private let stored = Atomic<Int>(0)

    var conversionCount: Int { stored.load(ordering: .relaxed) }

    init() {}

    /// The item at `path` as converted before, when its conversion for `environment` with `rootClass` on its root
    /// would be the same.
    func text(of path: String, for environment: StyleEnvironment, rootClass: String? = nil) -> SpineItemText? {
        entries.withLock { entries in
            guard let entry = entries[Key(path: path, rootClass: rootClass)], entry.publisherStyles == environment.publisherStyles,
                  entry.text.mediaDependence.map({ $0.matches(environment.media) }) == entry.answers else { return nil }
            return entry.text
        }
    }

    /// Keeps `text`, the item at `path` converted for `environment` with `rootClass` on its root.
    func store(_ text: SpineItemText, of path: String, for environment: StyleEnvironment, rootClass: String? = nil) {
        let answers = text.mediaDependence.map { $0.matches(environment.media) }
        stored.add(1, ordering: .relaxed)
        entries.withLock {
            $0[Key(path: path, rootClass: rootClass)] = Entry(publisherStyles: environment.publisherStyles, answers: answers, text: text)
        }
    }

    /// Keeps the entries only when the book's styles depend on the page, the theme or narration playing
    /// (`restyles`).
    func retain(_ restyles: Bool) {
        if !restyles { entries.withLock { $0.removeAll() } }
    }
}
