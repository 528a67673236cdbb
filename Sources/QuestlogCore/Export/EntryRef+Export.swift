extension EntryRef {
    /// The id as exports write it in the game `game`: `rose-church`, or `elden-ring/rose-church`
    /// when the entry is in another game.
    func exportID(in game: String) -> String {
        self.game == game ? id : "\(self.game)/\(id)"
    }
}
