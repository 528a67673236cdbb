import QuestlogCore

extension SearchBenchmark {
    /// The languages of the generated games, as in the sample site: English names, and Vietnamese,
    /// Japanese, Hindi and Chinese names and phrases inside English notes.
    enum Flavour: CaseIterable {
        case english, vietnamese, japanese, hindi, chinese
    }

    static let commonWords = """
        the a an and or but of to in on at by for with from as is was were be been it its he she they we
        us our his her their this that these those there here then than when where who whom which what why
        how not no yes all any some more most many much few one two three four five first last next after
        before again still also only just very too so up down out over under into onto near far back away
        found met saw said told asked gave took left came went ran fought killed saved helped bought sold
        wants needs knows thinks says keeps holds guards hides sells trades teaches waits lives dies
        old new young dark bright great small long short high low strange quiet loud cold warm broken
        hidden lost secret true false good bad worst best
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    static let gameWords = """
        sword shield armor ring key map boss dungeon cave castle tower church ruins bridge gate road river
        forest swamp lake sea island village town city fort camp shack cellar crypt tomb shrine temple
        altar grace site merchant smith anvil quest letter note ledger lantern lamp flame moon sun star
        storm ash blood bone iron silver gold stone glass rune spell sorcery incantation talisman seal
        knight witch sorcerer priest monk pirate thief guard soldier captain queen king prince princess
        lord lady master student teacher ferryman ally rival enemy dragon wolf hound bear spirit ghost
        curse blessing medallion lift elevator ladder chest item weapon bow arrow staff scroll potion
        flask tea rice fish boat market street festival eclipse tide mask shadow moth rope oil incense
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    static let syllables = """
        ka el th mor ri an dor gal ve lis un ash wyn bel cor dra fen gor hal ith jor kel lor mar nor or pel
        quin ras sol tor ul var wen yr zar bra cel dun er fal gri hes ir kan lum mir nes ost ran sar tes
        ur vol wyr xen yol zen
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    static let vietnameseSyllables = """
        Bà Ông Cô Chú Đường Sông Hồ Chợ Nổi Phố Đèn Lồng Chùa Sen Trắng Rừng Minh Thành Vĩnh Đăng Hội
        Tuần Phủ Lê Văn Khắc Nguyễn Trần Phạm Hoàng Huỳnh Võ Đặng Bùi Đỗ Ngô Dương Lý Xuân Thu Hạ Đông
        Mai Lan Cúc Trúc Nam Bắc Tây Núi Biển Cầu Bến Thuyền Cá Gạo Trà Đêm Trung Tắt Sổ Sách Của Tư Lái
        Đò Hiền Tâm Tịnh Sư Thầy Băng Thủy Tặc Hậu Cái Răng Nhà Môn Làng Gió Mưa Trăng Vàng Bạc Đá Lửa
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    static let hindiWords = """
        राजकुमारी मीरा गुरु विद्याधर स्वर्ण घाट सूर्य दीप की खोज मंदिर नदी राजा रानी सेना किला महल वन पर्वत
        गाँव नगर सागर चंद्र तारा अग्नि जल वायु धरती आकाश रात दिन सोना चाँदी तलवार ढाल पुस्तक ज्ञान
        शांति युद्ध मित्र शत्रु व्यापारी पुजारी योद्धा कवि दीपक लालटेन सूर्यवंश सूर्यगढ़ प्रकाश छाया
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    static let japaneseCharacters = Array(
        "鈴木春人月影衆森渡辺雪黒田雷蔵鬼灯寺鐘下約束田中山川花子太郎次郎三郎桜梅竹松風雨雲空海島城町村橋門神社剣刀盾鎧王姫侍忍者僧兵商人鍛冶火水土金銀石夜朝昼星光闇影狐狼熊龍虎鳥蝶夢恋涙声道宿茶酒米魚船灯籠祭")
    static let kana = Array("のをにはがでとへやかきくけこさしすせそたちつてなぬねまみむめもらりるれろわアイウエオカキクケコサシスセソタチツテトナニヌネノ")
    static let chineseCharacters = Array(
        "龙王庙陈老板的怒火记杂货白云寺山水河湖海岛城门桥塔宫殿金银铜铁石玉剑刀弓箭盾甲将军皇帝公主王子师父弟子商人船夫渔夫灯笼月亮太阳星风雨雷电火光影夜明天地人心道德武林江湖茶酒米鱼市街")

    static let tags = """
        ally enemy merchant questline boss optional missable secret hostile friendly trader smith sorcery
        faith stealth puzzle lore invader summon legacy-dungeon catacomb cave evergaol ruins church
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    /// A generated site with `entries` entries (NPCs, quests and locations) in five games, one per
    /// flavour. The same count always gives the same site.
    static func corpus(entries: Int) -> Site {
        var state: UInt64 = 0x5EED_0001 &+ UInt64(entries)
        // SplitMix64: small, fast, and the same on every platform.
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
        func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        func chance(_ percent: Int) -> Bool { below(100) < percent }
        // Word frequencies in notes follow a long tail: a few words are everywhere, most are rare.
        func skewed(_ count: Int) -> Int {
            let unit = Double(next() >> 11) / Double(1 << 53)
            return min(count - 1, Int(unit * unit * unit * Double(count)))
        }
        func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

        var contentWords: [String] = []
        for first in syllables {
            for second in syllables where second != first {
                contentWords.append(first + second)
            }
        }
        // Shuffled, so that frequent words do not all share their first letters.
        for index in contentWords.indices.reversed() where index > 0 {
            contentWords.swapAt(index, below(index + 1))
        }

        func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
        func englishName(kind: String) -> String {
            let core = capitalized(contentWords[below(contentWords.count)])
            switch kind {
            case "npc": return chance(50) ? "\(capitalized(pick(gameWords))) \(core)" : "\(core) the \(capitalized(pick(gameWords)))"
            case "quest": return "The \(capitalized(pick(gameWords))) of \(core)"
            default: return "\(core) \(capitalized(pick(gameWords)))"
            }
        }
        func name(_ flavour: Flavour, kind: String) -> String {
            switch flavour {
            case .english:
                return englishName(kind: kind)
            case .vietnamese:
                return (0..<(2 + below(3))).map { _ in pick(vietnameseSyllables) }.joined(separator: " ")
            case .japanese:
                let kanji = String((0..<(2 + below(3))).map { _ in pick(japaneseCharacters) })
                return chance(30) ? kanji + "の" + String((0..<2).map { _ in pick(japaneseCharacters) }) : kanji
            case .hindi:
                return (0..<(1 + below(3))).map { _ in pick(hindiWords) }.joined(separator: " ")
            case .chinese:
                return String((0..<(2 + below(3))).map { _ in pick(chineseCharacters) })
            }
        }
        func foreignPhrase(_ flavour: Flavour) -> String {
            switch flavour {
            case .english: return contentWords[skewed(contentWords.count)]
            case .vietnamese: return (0..<(2 + below(5))).map { _ in pick(vietnameseSyllables) }.joined(separator: " ")
            case .japanese: return String((0..<(3 + below(8))).map { _ in chance(40) ? pick(kana) : pick(japaneseCharacters) })
            case .hindi: return (0..<(2 + below(5))).map { _ in pick(hindiWords) }.joined(separator: " ")
            case .chinese: return String((0..<(3 + below(8))).map { _ in pick(chineseCharacters) })
            }
        }
        func notes(_ flavour: Flavour, names: [String]) -> String {
            var sentences: [String] = []
            for _ in 0..<(2 + below(6)) {
                var words: [String] = []
                for _ in 0..<(6 + below(13)) {
                    let roll = below(100)
                    if roll < 50 {
                        words.append(commonWords[skewed(commonWords.count)])
                    } else if roll < 72 {
                        words.append(gameWords[skewed(gameWords.count)])
                    } else if roll < 85 {
                        words.append(contentWords[skewed(contentWords.count)])
                    } else if roll < 93, !names.isEmpty {
                        words.append(names[below(names.count)])
                    } else if roll < 97, flavour != .english {
                        words.append(foreignPhrase(flavour))
                    } else {
                        words.append(String(1 + below(99)))
                    }
                }
                sentences.append(capitalized(words.joined(separator: " ")) + ".")
            }
            return sentences.joined(separator: " ")
        }

        let schema = SiteConfig().schema
        let kindShares = [("npc", 35), ("quest", 25), ("location", 40)]
        var games: [Game] = []
        for (number, flavour) in Flavour.allCases.enumerated() {
            let gameID = "game-\(number + 1)"
            let count = entries / Flavour.allCases.count + (number < entries % Flavour.allCases.count ? 1 : 0)
            var byKind: [String: [Entry]] = [:]
            var names: [String] = []
            var made = 0
            for (index, (kindID, share)) in kindShares.enumerated() {
                let kind = schema.kind(id: kindID)!
                let kindCount = index == kindShares.count - 1 ? count - made : count * share / 100
                made += kindCount
                var list: [Entry] = []
                for item in 0..<kindCount {
                    let entryName = name(flavour, kind: kindID)
                    var fields: [String: FieldValue] = ["tags": .list((0..<below(4)).map { _ in pick(tags) })]
                    switch kindID {
                    case "npc":
                        fields["merchant"] = .bool(chance(15))
                        if chance(30) { fields["aliases"] = .list([englishName(kind: "npc")]) }
                    case "quest":
                        fields["complete"] = .bool(chance(40))
                    default:
                        fields["cleared"] = .bool(chance(50))
                        fields["smith_anvil"] = .bool(chance(10))
                        fields["merchant"] = .bool(chance(15))
                        fields["region"] = .string(capitalized(contentWords[below(40)]))
                    }
                    let text = notes(flavour, names: names.suffix(200))
                    let id = "\(kindID)-\(item)"
                    list.append(Entry(ref: EntryRef(game: gameID, kind: kindID, id: id), name: entryName,
                                      source: SourceLocation(path: "Content/\(gameID)/\(kind.folder)/\(id).md"),
                                      path: RelativeURL.entryPage(game: gameID, folder: kind.folder, id: id), fields: fields,
                                      notes: Notes(markdown: text, html: "<p>\(text)</p>", plainText: text, headings: [])))
                    names.append(entryName)
                }
                byKind[kindID] = list.sorted { $0.name < $1.name }
            }
            let title = "\(name(flavour, kind: "location")) Chronicles"
            let gameNotes = notes(flavour, names: Array(names.prefix(20)))
            games.append(Game(id: gameID, title: title, source: SourceLocation(path: "Content/\(gameID)/game.md"),
                              path: RelativeURL.gamePage(game: gameID), fields: ["status": .string("playing")],
                              notes: Notes(markdown: gameNotes, html: "<p>\(gameNotes)</p>", plainText: gameNotes, headings: []),
                              entries: byKind, links: []))
        }
        return Site(config: SiteConfig(title: "Search benchmark"), schema: schema, games: games)
    }
}
