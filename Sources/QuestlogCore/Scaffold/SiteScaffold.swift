/// The files of a new site made by `questlog init`: a config and a small sample game to edit.
public enum SiteScaffold {
    /// The `.gitignore` of a new site, written unless the folder has one: what builds make is not
    /// committed (the wiki; the memo of earlier builds, which can grow to tens of megabytes; where
    /// a deploy pipeline builds Questlog).
    public static let gitignore = (path: ".gitignore", contents: """
        # Made by Questlog, never by hand: the wiki (questlog build's default output folder), what
        # each build keeps for the next one in .questlog/, and where a deploy pipeline of
        # questlog init --ci builds Questlog itself.
        /Output/
        /.questlog/
        /.questlog-build/

        """)

    /// Paths relative to the new site's folder, and their contents.
    public static let files: [(path: String, contents: String)] = [
        ("questlog.yml", """
        # Questlog site settings. See the README for every option.
        title: My playthroughs
        language: en
        # base_url: https://example.org/wiki/   # enables sitemap.xml and canonical links

        """),
        ("Content/my-first-game/game.md", """
        ---
        title: My first game
        character: Tarnished
        class: Wretch
        platform: PC
        started: 2026-01-01
        status: in progress
        tags: [sample]
        ---
        This is the game's own page. Write what your playthrough is about, and link to anything
        with wiki links: [[Hooded Merchant]] sells at [[The Crossroads Inn]].

        Add entries with `questlog new npc "Name"`, then run `questlog build`.

        """),
        ("Content/my-first-game/npcs/hooded-merchant.md", """
        ---
        name: Hooded Merchant
        merchant: true
        locations: [the-crossroads-inn]
        quests: [find-the-lost-ring]
        aliases: []
        tags: [merchant]
        ---
        Sells torches and a map of the region. Asked me to [[Find the Lost Ring|find a ring]] he lost
        on the road north.

        """),
        ("Content/my-first-game/locations/the-crossroads-inn.md", """
        ---
        name: The Crossroads Inn
        cleared: true
        smith_anvil: true
        merchant: true
        region: Northern Road
        tags: [safe]
        ---
        A warm place to rest. There is an anvil behind the stables.

        """),
        ("Content/my-first-game/locations/old-watchtower.md", """
        ---
        name: Old Watchtower
        cleared: false
        region: Northern Road
        tags: [ruin]
        ---
        Wolves at the top of the stairs. Come back with a shield.

        """),
        ("Content/my-first-game/quests/find-the-lost-ring.md", """
        ---
        name: Find the Lost Ring
        complete: false
        location: old-watchtower
        tags: [side quest]
        ---
        The [[Hooded Merchant]] thinks the ring fell near the [[Old Watchtower]].

        """),
    ]
}
