import TypesetCore

extension MediaOverlay {
    /// The indices in ``clips`` of the text-only clips an app reads with speech synthesis: the `par`s without an
    /// `audio` element that name text of the book, in reading order (EPUB Reading Systems 3.3, Media Overlays,
    /// `#mol-tts`: a reading system should render such text with text-to-speech).
    public var textOnlyClips: [Int] { clips.indices.filter { clips[$0].audio == nil && clips[$0].range != nil } }

    /// This narration with its text-only clips read by speech synthesis: `spans[i]`, for an index of
    /// ``textOnlyClips``, is where the speech synthesized for that clip lies in the caller's audio (seconds from
    /// its start). Each such clip becomes ``Clip/isSynthesized``, its `clipBegin`/`clipEnd` that span; then every
    /// clip is laid end to end again in the overlay's order, so that the synthesized clips take their turn between
    /// the recorded ones. A text-only clip without a span stays silent (no time), an index that is not a text-only
    /// clip is ignored, and an empty span lasts no time. O(clips).
    public func synthesizing(_ spans: [Int: Range<Double>]) -> MediaOverlay {
        var clips = self.clips
        var time = 0.0
        for index in clips.indices {
            var length = max(0, clips[index].end - clips[index].start)
            if clips[index].audio == nil, clips[index].range != nil, let span = spans[index], span.lowerBound >= 0 {
                clips[index].isSynthesized = true
                clips[index].clipBegin = span.lowerBound
                clips[index].clipEnd = span.upperBound
                length = span.upperBound - span.lowerBound
            }
            clips[index].start = time
            time += length
            clips[index].end = time
        }
        var result = MediaOverlay(clips: clips, statedDuration: statedDuration, overlayDurations: overlayDurations,
                                  activeClass: activeClass, playbackActiveClass: playbackActiveClass)
        result.activeColor = activeColor
        return result
    }
}
