/// Facts about Questlog itself.
public enum Questlog {
    /// The version printed by `questlog --version` and recorded in exports.
    public static let version = "0.1.0"
}
