/// Which range of the text is heard when: the marks an app follows to highlight what it plays, alike for speech
/// synthesized from the text (`TypesetSpeech`'s `SpeechTrack.marks`) and for a book's recorded narration (an EPUB 3
/// Media Overlay). `typeset speak --marks` writes them as JSON.
///
/// The track is one timeline in seconds: segments follow one another in reading order, each with its text range and
/// its span on the timeline; narration adds where each segment's sound is (an audio file of the book and the clip
/// in it), which an app plays one after the other.
public struct SpeechMarks: Hashable, Sendable {
    /// One segment: an utterance (a sentence spoken) or a narration clip.
    public struct Segment: Hashable, Sendable {
        /// Its UTF-16 range in ``Publication/text`` (empty when the narration names text the book does not have).
        public var range: Range<UTF16Offset>
        /// When it starts and ends on the track, in seconds.
        public var start: Double, end: Double
        /// Its language, when known.
        public var language: String?
        /// The synthetic voice that spoke it; nil for narration.
        public var voice: String?
        /// The audio file it plays from (an href in the book), nil for synthesized speech (one track).
        public var audio: String?
        /// Where its sound lies in ``audio``, in seconds (narration's `clipBegin` and `clipEnd`).
        public var clip: Range<Double>?

        /// Creates a segment.
        public init(range: Range<UTF16Offset>, start: Double, end: Double, language: String? = nil, voice: String? = nil,
                    audio: String? = nil, clip: Range<Double>? = nil) {
            self.range = range; self.start = start; self.end = end; self.language = language; self.voice = voice
            self.audio = audio; self.clip = clip
        }
    }

    /// One word's span (synthesized speech marks words; narration marks only its segments).
    public struct Word: Hashable, Sendable {
        /// Its segment's index in ``SpeechMarks/segments``.
        public var segment: Int
        /// Its UTF-16 range in the text.
        public var range: Range<UTF16Offset>
        /// When it starts and ends on the track, in seconds.
        public var start: Double, end: Double

        /// Creates a word mark.
        public init(segment: Int, range: Range<UTF16Offset>, start: Double, end: Double) {
            self.segment = segment; self.range = range; self.start = start; self.end = end
        }
    }

    /// The segments in track order (their spans ascending and not overlapping).
    public var segments: [Segment]
    /// The words in track order.
    public var words: [Word]
    /// The track's length in seconds.
    public var duration: Double

    /// Marks of `segments` and `words` on a track `duration` seconds long.
    public init(segments: [Segment], words: [Word] = [], duration: Double) {
        self.segments = segments; self.words = words; self.duration = duration
    }

    /// The index of the segment heard at `time` (seconds on the track): the last that starts at or before it and
    /// ends after it; nil before the first, after the last, in a gap between two, or for a time that is not finite.
    /// O(log n).
    public func segmentIndex(at time: Double) -> Int? {
        Self.index(in: segments.lazy.map { ($0.start, $0.end) }, at: time)
    }

    /// The index of the word heard at `time`, as ``segmentIndex(at:)``.
    public func wordIndex(at time: Double) -> Int? {
        Self.index(in: words.lazy.map { ($0.start, $0.end) }, at: time)
    }

    /// The text range to highlight at `time`: the word's when words are marked, else the segment's; nil when
    /// nothing is heard then.
    public func activeRange(at time: Double) -> Range<UTF16Offset>? {
        if let word = wordIndex(at: time) { return words[word].range }
        return segmentIndex(at: time).map { segments[$0].range }
    }

    private static func index<C: RandomAccessCollection>(in spans: C, at time: Double) -> Int?
    where C.Element == (Double, Double), C.Index == Int {
        guard time.isFinite, !spans.isEmpty else { return nil }
        var low = spans.startIndex, high = spans.endIndex
        while low < high {
            let mid = low + (high - low) / 2
            if spans[mid].0 <= time { low = mid + 1 } else { high = mid }
        }
        guard low > spans.startIndex else { return nil }
        let found = low - 1
        return time < spans[found].1 ? found : nil
    }
}
