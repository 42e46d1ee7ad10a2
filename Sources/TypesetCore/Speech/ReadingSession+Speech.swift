extension ReadingSession {
    /// The sentences to read aloud from the reading position (the sentence holding the anchor, whole).
    public func utterances() -> SpeechUtterances {
        let publication = self.publication
        // The anchor is always inside the text; clamped all the same, so that this cannot fail.
        return SpeechUtterances(unchecked: publication, from: min(max(0, anchor.position.offset), publication.text.length))
    }
}
