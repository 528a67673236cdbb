/// A spec file that does not have the specification's JSON shape.
struct SpecFormatError: Error, CustomStringConvertible {
    let file: String
    var description: String { "\(file).json is not in the specification's format" }
}
