import Halo

/// The colours a scene file writes, offered in the control panel's colour picker: each
/// colour value the file holds under `color`, `colors`, `background` or `tint` (and the
/// `value` of a colour parameter), once each, named as written (`"mint"`, `"#7C5CFF"`;
/// docs/scene-format.md "Colours"). References to parameters are not colours of their own.
public enum ScenePalette {
    /// One colour of the palette: as the file writes it, and its value.
    public struct Entry: Equatable, Sendable {
        public var name: String
        public var colour: ControlPanel.Colour
        public init(name: String, colour: ControlPanel.Colour) { self.name = name; self.colour = colour }
    }

    /// The most colours offered (the first found).
    public static let maximum = 32

    /// The colours of `tree` (a scene file's JSON), in the order of a walk that takes each
    /// object's keys sorted and each list in order; a colour equal to one found before (at
    /// 8 bits) is left out.
    public static func colours(in tree: JSONValue) -> [Entry] {
        var found: [Entry] = [], seen = Set<String>()
        func add(_ value: JSONValue) {
            if case .object = value { return }       // a reference to a parameter
            guard found.count < maximum, let c = try? RGBA(json: value) else { return }
            let colour = ControlPanel.Colour(red: c.r, green: c.g, blue: c.b, alpha: c.a)
            guard seen.insert(HexColour.format(colour)).inserted else { return }
            found.append(Entry(name: name(of: value), colour: colour))
        }
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let o):
                let isColourParameter = o["type"] == .string("color")
                for key in o.keys.sorted() {
                    let v = o[key]!
                    if ["color", "background", "tint"].contains(key) || (key == "value" && isColourParameter) {
                        add(v)
                    } else if key == "colors", case .array(let list) = v {
                        list.forEach(add)
                    }
                    walk(v)
                }
            case .array(let list): list.forEach(walk)
            default: break
            }
        }
        walk(tree)
        return found
    }

    /// A colour value as the file writes it: a string as is, a list as `[r, g, b(, a)]`.
    private static func name(of value: JSONValue) -> String {
        if case .string(let s) = value { return s }
        return value.jsonText
    }
}
