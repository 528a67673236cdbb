extension Kind {
    /// The kind's name as a common noun in running text: `NPC`, `quest`, `faction`.
    public var noun: String {
        name == name.uppercased() ? name : name.lowercased()
    }

    /// The noun with its indefinite article: `an NPC`, `a quest`, `an item`.
    public var nounWithArticle: String {
        let first = noun.first.map { String($0) } ?? ""
        let vowelSound = "aeiouAEIOU".contains(first) || (noun == noun.uppercased() && "FHLMNRSX".contains(first))
        return (vowelSound ? "an " : "a ") + noun
    }
}
