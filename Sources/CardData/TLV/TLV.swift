import Foundation

/// One BER-TLV data object: a tag and either raw value bytes or nested objects.
///
/// Printing a TLV (`description`, `debugDescription`, `dump`) never shows the value of a
/// sensitive tag such as the PAN or track 2; see ``TLVTag/isSensitive``.
public struct TLV: Sendable, Equatable {
    /// A primitive object's bytes, or a constructed object's (template's) children.
    public enum Value: Sendable, Equatable {
        case primitive(Data)
        case constructed([TLV])
    }

    public var tag: TLVTag
    public var value: Value

    public init(tag: TLVTag, value: Value) {
        self.tag = tag
        self.value = value
    }

    /// A primitive object, e.g. `TLV(.transactionType, Data([0x00]))`.
    public init(_ tag: TLVTag, _ bytes: Data) {
        self.init(tag: tag, value: .primitive(bytes))
    }

    /// A constructed object (template) holding `children`.
    ///
    /// The encoder writes `children` whatever the tag says; use a tag with
    /// ``TLVTag/isConstructed`` set (70, 77, E1...) or decoding will read the result back as
    /// one primitive value.
    public init(_ tag: TLVTag, children: [TLV]) {
        self.init(tag: tag, value: .constructed(children))
    }

    /// The value bytes of a primitive object; nil for a template.
    public var bytes: Data? {
        if case .primitive(let bytes) = value { return bytes }
        return nil
    }

    /// The objects inside a template; empty for a primitive object.
    public var children: [TLV] {
        if case .constructed(let children) = value { return children }
        return []
    }

    /// Depth-first, in order: this object first, then its children and their children.
    func first(_ wanted: TLVTag) -> TLV? {
        if tag == wanted { return self }
        for child in children {
            if let found = child.first(wanted) { return found }
        }
        return nil
    }
}

extension TLV: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// One line per object, children indented, tags named where known, e.g.
    /// "5A Application Primary Account Number (PAN): <redacted 8 bytes>".
    public var description: String {
        TLVFormatter.lines(for: [self]).joined(separator: "\n")
    }

    public var debugDescription: String { "TLV(\(description))" }

    /// What `dump` and debuggers see: the same redacted text, never raw sensitive bytes.
    public var customMirror: Mirror {
        Mirror(self, children: ["tag": tag.description, "value": TLVFormatter.valueText(of: self)], displayStyle: .struct)
    }
}
