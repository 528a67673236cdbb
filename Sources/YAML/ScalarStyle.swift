/// How a scalar was written; only plain scalars are typed by the core schema.
public enum ScalarStyle: Sendable, Hashable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}
