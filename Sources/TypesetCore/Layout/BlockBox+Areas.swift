/// A block box's border, padding and content boxes (CSS Backgrounds 3 §3.7–3.8): where its background images are
/// placed (`background-origin`) and what its colour and images are cut to (`background-clip`).
extension BlockBox {
    /// The whole block's `area` in page points (as though unbroken, see ``imageArea``); nil when the box has no
    /// ``imageArea`` (a table's box, a block whose background needs none).
    public func area(_ area: BackgroundLayer.Area) -> Rect? {
        guard let padding = imageArea else { return nil }
        switch area {
        case .borderBox: return padding.outset(by: borderWidths)
        case .paddingBox: return padding
        case .contentBox: return padding.inset(by: self.padding)
        }
    }

    /// The part of the block's `area` on this page: the whole area cut to ``rect``, this part (``rect`` itself
    /// for the border box).
    public func paintingRect(_ area: BackgroundLayer.Area) -> Rect {
        guard area != .borderBox, let whole = self.area(area) else { return rect }
        let minX = max(rect.minX, whole.minX), maxX = min(rect.maxX, whole.maxX)
        let minY = max(rect.minY, whole.minY), maxY = min(rect.maxY, whole.maxY)
        return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }

    /// The rounded corners of ``paintingRect(_:)``: ``radii`` for the border box, the curves inside the border (and
    /// the padding) for the others (§5.3); nil when square.
    public func paintingRadii(_ area: BackgroundLayer.Area) -> CornerRadii? {
        guard let radii, area != .borderBox else { return radii }
        // The edges drawn on this part (a slice has none where it is cut, nor rounded corners there).
        let edges = self.edges ?? BorderEdges()
        var inset = EdgeInsets(top: edges.top.usedWidth, left: edges.left.usedWidth, bottom: edges.bottom.usedWidth,
                               right: edges.right.usedWidth)
        if area == .contentBox {
            inset = EdgeInsets(top: inset.top + padding.top, left: inset.left + padding.left,
                               bottom: inset.bottom + padding.bottom, right: inset.right + padding.right)
        }
        let inner = radii.inner(top: inset.top, right: inset.right, bottom: inset.bottom, left: inset.left)
        return inner.isSquare ? nil : inner
    }
}

extension Rect {
    /// The rectangle grown by `insets` on each side.
    func outset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX - insets.left, y: minY - insets.top, width: width + insets.left + insets.right,
             height: height + insets.top + insets.bottom)
    }

    /// The rectangle shrunk by `insets` on each side, no smaller than nothing.
    func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top, width: max(0, width - insets.left - insets.right),
             height: max(0, height - insets.top - insets.bottom))
    }
}
