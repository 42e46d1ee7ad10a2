import TypesetCore

/// An EPUB 3 book's recorded narration (EPUB Media Overlays 3.3): its clips in reading order, each a range of the
/// text with the audio that reads it, on one timeline an app plays while it highlights ``clip(at:)``'s range.
///
/// ```swift
/// if let narration = book.epub?.mediaOverlay {
///     let marks = narration.marks                 // the same shape as synthesized speech's marks
///     if let index = marks.segmentIndex(at: player.time) { highlight(marks.segments[index].range) }
/// }
/// ```
public struct MediaOverlay: Hashable, Sendable {
    /// One `par` of an overlay: a text fragment and the audio clip that reads it.
    public struct Clip: Hashable, Sendable {
        /// The overlay document it comes from (`OEBPS/ch1.smil`).
        public var overlay: String
        /// Its `text` element's target, resolved to a path in the book (`OEBPS/ch1.xhtml#s3`).
        public var textHref: String
        /// The range of the text it reads: the content of the element the fragment names (the whole document for
        /// no fragment); nil when the book has no such element or document in its text.
        public var range: Range<UTF16Offset>?
        /// Its `audio` element's file, a path in the book; nil for a `par` without audio (a text-only clip: a
        /// reading system reads its text with speech synthesis, ``synthesizing(_:)``).
        public var audio: String?
        /// Where the clip lies in ``audio``, in seconds: `clipBegin` (0 when absent) to `clipEnd` (when absent, the
        /// next clip's `clipBegin` in the same file; for the overlay's one clip left open, which plays to its file's
        /// end, what the overlay's `media:duration` leaves after its other clips; else nil: only a decoder knows).
        public var clipBegin: Double
        public var clipEnd: Double?
        /// When it plays on the narration's timeline (its clips one after the other), in seconds.
        public var start: Double, end: Double
        /// Whether its text is read by speech synthesis (a text-only clip given its speech by ``synthesizing(_:)``):
        /// ``clipBegin`` to ``clipEnd`` is then its span in the synthesized audio, not in a file of the book.
        public var isSynthesized = false
    }

    /// The clips in reading order (the spine's, then each overlay's document order through nested `seq`s).
    public let clips: [Clip]
    /// The package's `media:duration` for the whole publication, in seconds, when it gives one.
    public let statedDuration: Double?
    /// `media:duration` of each overlay document (by its path), as the package states them.
    public let overlayDurations: [String: Double]
    /// `media:active-class`: the class an app gives the element being read (its colour in the book's CSS:
    /// ``activeColor``).
    public let activeClass: String?
    /// `media:playback-active-class`: the class of the document while narration plays.
    public let playbackActiveClass: String?
    /// The `background-color` the book's style sheets give ``activeClass``, nil when they give none: the colour to
    /// highlight the clip being read in (`typeset speak --narration --highlight-pages` draws it so).
    public internal(set) var activeColor: Color?

    /// The timeline's length: the end of its last clip.
    public var duration: Double { clips.last?.end ?? 0 }

    /// The clip heard at `time` (seconds on the narration's timeline), nil outside every clip. O(log n).
    public func clip(at time: Double) -> Clip? {
        marks.segmentIndex(at: time).map { clips[timed[$0]] }
    }

    /// The narration as speech marks, one segment per clip that names text of the book and lasts (its range, its
    /// time span, the audio file and the clip in it): the shape `typeset speak --marks` writes for synthesized
    /// speech too.
    public let marks: SpeechMarks
    /// The index in ``clips`` of each segment of ``marks``.
    private let timed: [Int]

    init(clips: [Clip], statedDuration: Double?, overlayDurations: [String: Double], activeClass: String?,
         playbackActiveClass: String?) {
        self.clips = clips; self.statedDuration = statedDuration; self.overlayDurations = overlayDurations
        self.activeClass = activeClass; self.playbackActiveClass = playbackActiveClass
        timed = clips.indices.filter { clips[$0].range != nil && clips[$0].end > clips[$0].start }
        marks = SpeechMarks(segments: timed.map { index in
            let clip = clips[index]
            return SpeechMarks.Segment(range: clip.range ?? 0..<0, start: clip.start, end: clip.end, audio: clip.audio,
                                       clip: clip.clipEnd.map { clip.clipBegin..<max(clip.clipBegin, $0) })
        }, duration: clips.last?.end ?? 0)
    }
}
