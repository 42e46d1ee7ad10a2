import Synchronization

/// The faces that serve one ``FontDescriptor``: a primary face and, for characters it lacks, fontconfig's
/// fallback list in order of preference (loaded lazily, per character).
package final class FontSet: Sendable {
    /// What was asked for.
    package let descriptor: FontDescriptor
    /// The face used for every character it covers.
    package let primary: FontFace
    /// The other faces of a document's font split by `unicode-range` (``DocumentFonts/composite(of:)``), asked
    /// before the fallbacks.
    private let members: [FontFace]
    private let fallbacks: Locked<FallbackState>
    private let registry: FaceRegistry
    private let fontconfig: LazyFontconfig

    struct FallbackState: ~Copyable {
        /// fontconfig's sorted candidates; nil until first needed when the primary face came from a match cache.
        var list: FontconfigFontList?
        /// Whether sorting the deferred list failed: it is not tried again for every character.
        var sortFailed = false
        var chosen: [UInt32: FontFace?] = [:]
    }

    init(descriptor: FontDescriptor, primary: FontFace, fallbacks list: FontconfigFontList?, fontconfig: LazyFontconfig,
         registry: FaceRegistry, members: [FontFace] = []) {
        self.descriptor = descriptor
        self.primary = primary
        self.members = members
        self.fallbacks = Locked(FallbackState(list: list))
        self.fontconfig = fontconfig
        self.registry = registry
    }

    /// The fallback candidates, sorted now if they were deferred; nil when fontconfig cannot sort them (a
    /// configuration that fails to load leaves the primary face alone, drawing .notdef for what it lacks).
    private func candidates(_ state: inout FallbackState) -> FontconfigFontList? {
        if let list = state.list { return list }
        guard !state.sortFailed else { return nil }
        state.list = try? fontconfig.sort(descriptor).1
        state.sortFailed = state.list == nil
        return state.list
    }

    /// Whether the primary face is of another family than the one requested (a substitution, such as
    /// Georgia → Charis SIL on a machine without Georgia). Generic names (`serif`, `sans-serif`) never count.
    package var isSubstitute: Bool { Self.isSubstitution(requested: descriptor.family, face: primary.family) }

    /// Whether a face of family `face` serving a request for `requested` is a substitution.
    static func isSubstitution(requested: String, face: String) -> Bool {
        let requested = requested.lowercased()
        if FontDescriptor.genericFamilies.contains(requested) { return false }
        return face.lowercased() != requested
    }

    /// The first face of the fallback list (after the primary) that covers every code point of `codePoints`, or nil.
    func fallbackFace(coveringAll codePoints: [UInt32]) -> FontFace? {
        guard let first = codePoints.first else { return nil }
        if let member = members.first(where: { member in codePoints.allSatisfy { member.harfBuzz.glyph(for: $0) != nil } }) {
            return member
        }
        return fallbacks.withLock { state in
            guard let list = candidates(&state) else { return nil }
            for i in 0..<list.count where codePoints.allSatisfy({ list.covers($0, at: i) }) {
                guard let match = list.match(at: i), let face = registry.face(for: match), face.id != primary.id,
                      face.harfBuzz.glyph(for: first) != nil else { continue }
                return face
            }
            return nil
        }
    }

    /// The face to use for `codePoint`: the primary face when it covers it, otherwise the first fallback that
    /// does, otherwise nil (the primary face then draws its .notdef glyph).
    func fallbackFace(for codePoint: UInt32) -> FontFace? {
        fallbacks.withLock { state in
            if let known = state.chosen[codePoint] { return known }
            if let member = members.first(where: { $0.harfBuzz.glyph(for: codePoint) != nil }) {
                state.chosen[codePoint] = member
                return member
            }
            guard let list = candidates(&state) else { return nil }
            var found: FontFace?
            for i in 0..<list.count where list.covers(codePoint, at: i) {
                guard let match = list.match(at: i), let face = registry.face(for: match),
                      face.harfBuzz.glyph(for: codePoint) != nil else { continue }
                found = face
                break
            }
            state.chosen[codePoint] = found
            return found
        }
    }
}
