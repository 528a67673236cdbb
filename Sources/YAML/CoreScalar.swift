/// A scalar typed by the YAML 1.2 core schema.
public enum CoreScalar: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
}
