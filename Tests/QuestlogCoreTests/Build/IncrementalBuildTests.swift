import Foundation
@testable import QuestlogCore
import Testing
import TestSupport

/// A build that reuses what earlier builds made (the notes memo, the build cache, the output files
/// on disk) gives exactly what a build from nothing gives: the same files, byte for byte, and the
/// same diagnostics, over long random sequences of edits — bodies, references, names, files
/// added and removed, templates, `questlog.yml`.
struct IncrementalBuildTests {
    /// The names entries take and links name: an entry mostly takes one no other entry has, and
    /// sometimes one another has (ambiguous links, qualified names).
    static let names = ["Varre", "Kale", "Ranni", "Blaidd", "Iji", "Seluvis", "Rya", "Boc", "Church", "Castle", "Lake", "Tower",
                        "Gate", "Moon", "Shrine", "Hut", "Melina", "Nepheli", "Gideon", "Roderika"]
    static let kinds = ["npcs", "locations", "quests"]

    /// The site as the test has written it: path → text.
    struct Model {
        var files: [String: String] = [:]
        var rng: SplitMix64
        /// Whether half the edits add or remove an entry's file.
        var churn = false

        var entryPaths: [String] {
            files.keys.filter { $0.hasPrefix("Content/g/") && $0 != "Content/g/game.md" && $0.hasSuffix(".md") }.sorted()
        }

        /// The first entries, never removed, are what file links and references name, so those
        /// stay good and most builds succeed.
        func isLasting(_ path: String) -> Bool {
            ["e0", "e1", "e2", "e3", "e4", "e5", "e6", "e7"].contains(id(of: path))
        }

        /// A name for an entry: mostly one no entry has.
        mutating func name() -> String {
            let used = Set(files.values.compactMap { text in
                text.split(separator: "\n").first { $0.hasPrefix("name: ") }.map { String($0.dropFirst(6)) }
            })
            let free = IncrementalBuildTests.names.filter { !used.contains($0) }
            return free.isEmpty || chance(5) ? pick(IncrementalBuildTests.names) : pick(free)
        }

        func id(of path: String) -> String {
            String(path.split(separator: "/").last!.dropLast(3))
        }

        mutating func pick<T>(_ items: [T]) -> T {
            items[Int(rng.next() % UInt64(items.count))]
        }

        mutating func chance(_ percent: UInt64) -> Bool {
            rng.next() % 100 < percent
        }

        /// A note of a few lines: text, headings, tags, wiki links (some to nothing, some to a
        /// heading, some embeds) and links to other files of the site.
        mutating func note(inGameFolder: Bool = false) -> String {
            var lines: [String] = []
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                switch rng.next() % 9 {
                case 7: lines.append("Raw <b onclick=\"x()\">HTML</b> here.")
                case 0: lines.append("## " + pick(["Heading A", "Heading B", "Trades"]))
                case 1: lines.append("Met [[\(pick(IncrementalBuildTests.names + ["Nobody"]))]] by the road. #\(pick(["lore", "boss", "Lore"]))")
                case 2: lines.append("See [[\(pick(IncrementalBuildTests.names))#\(pick(["Heading A", "Trades", "Missing"]))]].")
                case 3: lines.append("![[\(pick(IncrementalBuildTests.names))]]")
                case 4:
                    let paths = entryPaths.filter(isLasting)
                    if !paths.isEmpty {
                        let target = pick(paths)
                        let kind = target.split(separator: "/")[2]
                        lines.append("A [file link](\(inGameFolder ? "" : "../")\(kind)/\(id(of: target)).md) and [[\(kind.dropLast()):\(id(of: target))]].")
                    }
                case 5: lines.append("> [!tip]\n> Bring [[\(pick(IncrementalBuildTests.names))|a friend]].")
                case 6: lines.append("- [ ] \(pick(["find", "kill", "sell"])) with [[\(pick(IncrementalBuildTests.names))]]")
                default: lines.append("Plain words \(rng.next() % 1000).")
                }
            }
            return lines.joined(separator: "\n\n") + "\n"
        }

        /// An entry's file: its name, a reference or two, and a note.
        mutating func entry(kind: String) -> String {
            var front = "name: \(name())\n"
            let locations = entryPaths.filter { $0.hasPrefix("Content/g/locations/") && isLasting($0) }.map { id(of: $0) }
            if kind == "npcs", !locations.isEmpty, chance(70) { front += "locations: [\(pick(locations))]\n" }
            if kind == "quests", chance(70) { front += "location: \(locations.isEmpty || chance(3) ? "nowhere" : pick(locations))\n" }
            if kind == "npcs", chance(30) { front += "merchant: true\n" }
            if kind == "quests", chance(60) { front += "complete: \(chance(50))\n" }
            if kind == "locations", chance(50) { front += "region: \(pick(["North", "South"]))\n" }
            if kind == "locations", chance(30) { front += "cleared: \(chance(50))\n" }
            if chance(20) { front += "level: \(rng.next() % 90)\n" }
            if chance(15) { front += "draft: true\n" }
            return "---\n" + front + "---\n" + note()
        }

        /// One front-matter value of an entry written otherwise (a quest ticked off, a region moved,
        /// a level raised): what `serve` patches in place when nothing else depends on it. False
        /// when no entry has such a value.
        mutating func editValue() -> String? {
            let editable = ["merchant", "complete", "cleared", "region", "level"]
            let candidates = entryPaths.filter { path in
                files[path]!.split(separator: "\n").contains { line in editable.contains { line.hasPrefix($0 + ": ") } }
            }
            guard !candidates.isEmpty else { return nil }
            let path = pick(candidates)
            var done = false
            let lines = files[path]!.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
                guard !done, let key = editable.first(where: { line.hasPrefix($0 + ": ") }) else { return String(line) }
                done = true
                let value = line.dropFirst(key.count + 2)
                switch key {
                case "region": return "region: " + (value == "North" ? "South" : "North")
                case "level": return "level: \(rng.next() % 90)"
                default: return "\(key): " + (value == "true" ? "false" : "true")
                }
            }
            files[path] = lines.joined(separator: "\n")
            return path
        }

        /// One random change to the site; `write` and `remove` apply it on disk.
        mutating func edit(write: (String, String) -> Void, remove: (String) -> Void) {
            let paths = entryPaths
            switch churn && chance(50) ? 4 + rng.next() % 2 : rng.next() % 10 {
            case 0...2 where !paths.isEmpty:
                // A body edited, the front matter kept: a line added (what `serve` patches), or the
                // whole note written again.
                let path = pick(paths)
                let text = files[path]!
                let end = text.range(of: "\n---\n")!.upperBound
                files[path] = chance(50) ? text + "\nPlain words \(rng.next() % 1000).\n" : String(text[..<end]) + note()
            case 3 where !paths.isEmpty:
                // A name changed: links to it, and to what it shared a name with, resolve otherwise.
                let path = pick(paths)
                let lines = files[path]!.split(separator: "\n", omittingEmptySubsequences: false)
                let renamed = name()
                files[path] = lines.map { $0.hasPrefix("name:") ? "name: \(renamed)" : String($0) }.joined(separator: "\n")
            case 4 where paths.contains { !isLasting($0) }:
                let path = pick(paths.filter { !isLasting($0) })
                files[path] = nil
                remove(path)
                return
            case 5:
                let kind = pick(IncrementalBuildTests.kinds)
                let path = "Content/g/\(kind)/e\(8 + rng.next() % 32).md"
                files[path] = entry(kind: kind)
                write(path, files[path]!)
                return
            case 6 where !paths.isEmpty:
                // The whole entry rewritten: other references, maybe a draft now.
                let path = pick(paths)
                guard !isLasting(path) || !path.contains("/locations/") else { return }
                files[path] = entry(kind: String(path.split(separator: "/")[2]))
            case 7:
                let path = "Templates/partials/tags.mustache"
                if files[path] != nil, chance(50) {
                    files[path] = nil
                    remove(path)
                    return
                }
                files[path] = pick(["<p class=\"t\">{{#tags}}{{.}} {{/tags}}</p>\n", "<p>tags</p>\n"])
                write(path, files[path]!)
                return
            case 8:
                files["questlog.yml"] = "title: \(pick(["Wiki", "Notes"]))\nbase_url: https://example.org/wiki/\ndangling_links: \(chance(10) ? "error" : "warning")\nunsafe_html: \(pick(["true", "false"]))\n"
                write("questlog.yml", files["questlog.yml"]!)
                return
            default:
                files["Content/g/game.md"] = "---\ntitle: G\n---\n" + note(inGameFolder: true)
                write("Content/g/game.md", files["Content/g/game.md"]!)
                return
            }
            for path in paths where files[path] != nil { write(path, files[path]!) }
        }
    }

    /// Builds after each of `steps` rounds of random edits, reusing what the previous builds left,
    /// and compares with the same site made from nothing.
    /// Returns how many of the builds succeeded (and so had their files compared).
    @discardableResult
    func check(seed: UInt64, steps: Int, churn: Bool = false) -> (compared: Int, patched: Int, patchedFields: Int, keptPages: Int, loadsReused: Int, walksKept: Int,
                                             checkoutsFromMemo: Int, reached: Int, cameOrWent: Int) {
        var compared = 0
        var cameOrWent = 0
        var keptPages = 0
        var reached = 0
        var patched = 0
        var patchedFields = 0
        var model = Model(rng: SplitMix64(seed: seed), churn: churn)
        model.files["questlog.yml"] = "title: Wiki\nbase_url: https://example.org/wiki/\ndangling_links: warning\n"
        model.files["Content/g/game.md"] = "---\ntitle: G\n---\nStart with [[Varre]].\n"
        for number in 0..<8 {
            let kind = IncrementalBuildTests.kinds[number % 3]
            model.files["Content/g/\(kind)/e\(number).md"] = model.entry(kind: kind)
        }
        let site = TestSite(model.files)
        defer { site.remove() }
        let output = site.root + "/Output"
        // What `serve` keeps from one save to the next, the loaded files and the last build too,
        // and the files saved since it last made the site.
        let served = BuildMemo(loads: LoadMemo(), served: ServedMemo())
        var saved = Set<String>()
        // Files written are given times long past, each its own, so the memo of loaded files
        // (which trusts no time just written) takes them; those of every fifth step are left as written.
        var written = 0
        func age(_ path: String, step: Int) {
            guard step % 5 != 4 else { return }
            written += 1
            try? FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(written))],
                                                   ofItemAtPath: site.root + "/" + path)
        }
        for path in model.files.keys.sorted() { age(path, step: 0) }
        var loadsReused = 0
        var walksKept = 0
        var checkoutsFromMemo = 0
        for step in 0..<steps {
            let entriesBefore = Set(model.entryPaths)
            // Every seventh step is a checkout (below): every other one of the last build's bytes,
            // the others after words typed into one note.
            let checkout = step % 7 == 6
            if checkout {
                if step % 14 == 13 {
                    let path = model.pick(model.entryPaths)
                    model.files[path]! += "\nTyped \(model.rng.next() % 1000).\n"
                    site.write(path, model.files[path]!)
                    age(path, step: step)
                    saved.insert(path)
                }
            } else if step > 0, model.chance(20), let path = model.editValue() {
                site.write(path, model.files[path]!)
                age(path, step: step)
                saved.insert(path)
            } else if step > 0, model.chance(30) {
                // Words typed into one note: the save `serve` sees most.
                let path = model.pick(model.entryPaths)
                model.files[path]! += "\nTyped \(model.rng.next() % 1000).\n"
                site.write(path, model.files[path]!)
                age(path, step: step)
                saved.insert(path)
            } else if step > 0 {
                // Mostly one edit: a save.
                for _ in 0..<(model.chance(60) ? 1 : 2 + Int(model.rng.next() % 2)) {
                    model.edit(write: { site.write($0, $1); age($0, step: step); saved.insert($0) },
                               remove: { try? FileManager.default.removeItem(atPath: site.root + "/" + $0); saved.insert($0) })
                }
            }
            // A checkout: every file given a new time, its bytes kept; every other time into an
            // emptied output folder (a deploy's build of a fresh clone).
            if checkout {
                for path in model.files.keys.sorted() {
                    written += 1
                    try? FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(written))],
                                                           ofItemAtPath: site.root + "/" + path)
                    saved.insert(path)
                }
                if step % 14 == 13 { try? FileManager.default.removeItem(atPath: output) }
            }
            let options = BuildOptions(site: site.root, output: output, jobs: 2, includeDrafts: step % 4 == 3)
            let timings = BuildTimings()
            let incremental = SiteBuild(options: options).run(timings: timings)
            // Builds that kept pages as the last build wrote them, because only notes changed.
            if timings.stages.contains(where: { $0.name == "render pages" && $0.reused > 0 }) { keptPages += 1 }
            // Builds after entries changed in more than their notes that made only the pages those
            // changes reach, and kept the others.
            if timings.stages.contains(where: { $0.name == "reach" }),
               timings.stages.contains(where: { $0.name == "render pages" && $0.reused > 0 }) { reached += 1 }
            // Builds after entries' files came or went that worked out what those reach.
            if timings.stages.contains(where: { $0.name == "reach" }), Set(model.entryPaths) != entriesBefore { cameOrWent += 1 }
            // A checkout whose bytes were the last build's, but for some notes, takes that build's
            // site, whole or patched.
            if checkout, timings.stages.contains(where: { $0.name == "read site" && $0.reused > 0 }) { checkoutsFromMemo += 1 }
            loadsReused += timings.stages.first { $0.name == "load" }?.reused ?? 0
            // A build that made no walk of Content/ to keep took the last one's.
            if step > 0, !timings.stages.contains(where: { $0.name == "keep walk" }) { walksKept += 1 }
            // From nothing: in memory, without the memo, the cache or the files on disk.
            let clean = SiteBuild(options: options).render()
            #expect(incremental.diagnostics.all == clean.diagnostics.all, "seed \(seed), step \(step)")
            guard !clean.diagnostics.failed(strict: false) else {
                #expect(incremental.report == nil, "seed \(seed), step \(step): a failing build writes nothing")
                continue
            }
            compared += 1
            let expected = TestSite.expectOutput(output, equals: clean.files, "seed \(seed), step \(step)")
            // As `serve` shows it: every page made when asked for, then the rest.
            let build = SiteBuild(options: options)
            let shown = build.renderServed(memo: served, changed: step == 0 ? nil : saved.sorted())
            saved = []
            if shown.isPatched { patched += 1 }
            if shown.patchedFields { patchedFields += 1 }
            #expect(shown.diagnostics.all == clean.diagnostics.all, "seed \(seed), step \(step), served")
            if let pages = shown.pages, let resolved = shown.site {
                var files = shown.files + build.renderSitemap(of: shown) + build.renderSearch(of: resolved) + build.renderExports(of: resolved).files
                for path in pages.paths {
                    if case let .success(file)? = pages.page(at: path) { files.append(file) }
                }
                #expect(pages.problems(jobs: 2)?.all.isEmpty == true, "seed \(seed), step \(step), served")
                let bytes = Dictionary(files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
                #expect(bytes.keys.sorted() == expected.keys.sorted(), "seed \(seed), step \(step), served")
                for (path, expected) in expected where bytes[path] != expected {
                    Issue.record("seed \(seed), step \(step): \(path) served differs from a clean build")
                }
            } else {
                Issue.record("seed \(seed), step \(step): nothing served")
            }
        }
        return (compared, patched, patchedFields, keptPages, loadsReused, walksKept, checkoutsFromMemo, reached, cameOrWent)
    }

    /// Exports large enough to have their times set back (`OutputFileSystem.backdate`), made
    /// again after edits of the same length, one build right after the other, or changed on disk
    /// at their size by another program: each build's output is a clean build's.
    @Test func largeExportsRewrittenAtTheSameSizeAreTold() throws {
        let long = String(repeating: "The long road north past the ruined tower. ", count: 12_500)
        let site = TestSite([
            "questlog.yml": "title: Wiki\n",
            "Content/g/game.md": "---\ntitle: G\n---\n",
            "Content/g/npcs/varre.md": "---\nname: Varre\n---\nAt the [[Church]]. \(long)\n",
            "Content/g/locations/church.md": "---\nname: Church\n---\nA church.\n",
        ])
        defer { site.remove() }
        let output = site.root + "/Output"
        func build(_ name: String) {
            let options = BuildOptions(site: site.root, output: output, jobs: 2)
            let result = SiteBuild(options: options).run()
            #expect(!result.diagnostics.hasErrors, "\(name): \(result.diagnostics.all)")
            TestSite.expectOutput(output, equals: SiteBuild(options: options).render().files, name)
        }
        build("the first build")
        let document = output + "/exports/site.json"
        let size = try #require(try FileManager.default.attributesOfItem(atPath: document)[.size] as? Int)
        #expect(size >= OutputFileSystem.backdatedSize)
        for (step, word) in ["ruined", "burned", "ruined", "sunken"].enumerated() {
            site.write("Content/g/npcs/varre.md", "---\nname: Varre\n---\nAt the [[Church]]. \(long.replacingOccurrences(of: "ruined", with: word))\n")
            build("edit \(step + 1), of the same length")
            #expect(try FileManager.default.attributesOfItem(atPath: document)[.size] as? Int == size)
        }
        // Another program changes the document at its size: the next build puts it right.
        var bytes = try #require(FileManager.default.contents(atPath: document))
        bytes[bytes.count / 2] = bytes[bytes.count / 2] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        let descriptor = open(document, O_WRONLY)
        #expect(descriptor >= 0)
        _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        close(descriptor)
        build("the document changed on disk at its size")
    }

    /// A fresh checkout with the site's `.questlog/` kept (a deploy's cache): every file has a new
    /// time. Where the bytes are all the last build's, the build takes that build's site whole,
    /// into an emptied output folder too, and the sitemap's dates are the new times; a file
    /// changed at its size among them is built again. Either way the output is a clean build's.
    @Test func aCheckoutOfTheLastBuildsBytesTakesItsSiteWhole() throws {
        let site = TestSite(BuildCacheTests.files.merging(["questlog.yml": "title: Wiki\nbase_url: https://example.org/\n",
                                                           "Templates/partials/tags.mustache": "<p>{{#tags}}{{.}} {{/tags}}</p>\n"]) { $1 })
        defer { site.remove() }
        let output = site.root + "/Output"
        var seconds = 1_700_000_000.0
        func checkout() throws {
            seconds += 86_400
            for folder in ["questlog.yml", "Content", "Templates"] {
                let paths = [folder] + (FileManager.default.enumerator(atPath: site.root + "/" + folder)?.compactMap { $0 as? String }.map { folder + "/" + $0 } ?? [])
                for path in paths {
                    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: site.root + "/" + path)
                }
            }
            try FileManager.default.removeItem(atPath: output)
        }
        var loadsReused = 0
        var searchFromMemo = false
        func build(_ label: String) -> Bool {
            let options = BuildOptions(site: site.root, output: output, jobs: 2)
            let timings = BuildTimings()
            #expect(!SiteBuild(options: options).run(timings: timings).diagnostics.hasErrors, "\(label)")
            TestSite.expectOutput(output, equals: SiteBuild(options: options).render().files, label)
            loadsReused = timings.stages.first { $0.name == "load" }?.reused ?? 0
            searchFromMemo = timings.stages.contains { $0.name == "search" && $0.reused > 0 }
            return timings.stages.contains { $0.name == "read site" && $0.reused > 0 }
        }
        try site.setModificationDates(to: Date(timeIntervalSince1970: seconds))
        #expect(!build("the first build"))
        try checkout()
        #expect(build("a checkout of the same bytes"), "the last build's site is taken whole")
        #expect(site.page("sitemap.xml").contains("<lastmod>2023-11-15T22:13:20Z</lastmod>"), "the new times are the pages' dates")
        try checkout()
        #expect(build("another"), "the times of a build that took its site whole are its record's")
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\nmerchant: true\nlocations: [church]\n---\nSells thing.\n.")
        try checkout()
        #expect(build("a checkout with a note changed at its size"), "the last build's site is patched")
        #expect(searchFromMemo, "the search index is updated, then made whole from the memo of the index updated")
        #expect(site.page("g/npcs/kale.html").contains("Sells thing."))
        // A name changed reaches other pages: the site is loaded and resolved again.
        site.write("Content/g/npcs/kale.md", "---\nname: Kael\nmerchant: true\nlocations: [church]\n---\nSells thing.\n.")
        try checkout()
        #expect(!build("a checkout with a name changed"))
        try checkout()
        #expect(build("a checkout of that build's bytes"))
        // A file added: the site is loaded again, the other files' entries taken from the memo by their bytes.
        site.write("Content/g/npcs/ansel.md", "---\nname: Ansel\n---\nAt the [[Church]].\n")
        try checkout()
        #expect(!build("a checkout with a file added"))
        #expect(loadsReused == 4, "varre, kale, church and q: \(loadsReused)")
    }

    /// A value of an entry's front matter saved (what `questlog mark` writes) is patched into the
    /// last build's site, against the entry its file held when last loaded or the front matter the
    /// last patch of its values kept (`PatchedFronts`), when that entry's front matter is the one
    /// the site was made from: after a patch of its notes too, and time after time for one file,
    /// but not for a new name, nor against a damaged record. Each output is a clean build's.
    @Test func valuesSavedArePatchedIntoTheLastBuildsSite() throws {
        let site = TestSite([
            "questlog.yml": "title: Wiki\n",
            "Content/g/game.md": "---\ntitle: G\n---\nA game.\n",
            "Content/g/npcs/kale.md": "---\nname: Kale\nmerchant: true\nlocations: [church]\n---\nSells things.\n",
            "Content/g/npcs/varre.md": "---\nname: Varre\nmerchant: false\nlocations: [church]\n---\nMet at the [[Church]].\n",
            "Content/g/locations/church.md": "---\nname: Church\n---\nA church.\n",
            "Content/g/locations/hill.md": "---\nname: Hill\n---\nWindy.\n",
            "Content/g/locations/cave.md": "---\nname: Cave\nregion: North\n---\nDark.\n",
            "Content/g/quests/q.md": "---\nname: Q\nlocation: church\ncomplete: false\n---\nA quest.\n",
            "Content/g/locations/graces.yml": "- name: First Step\n  parent: church\n- name: Gatefront\n  parent: hill\n",
            "Content/g/locations/lake.markdown": "---\nname: Lake\ncleared: false\n---\nDeep.\n",
        ])
        defer { site.remove() }
        let output = site.root + "/Output"
        try site.setModificationDates(to: Date(timeIntervalSinceNow: -60))
        #expect(site.build().report != nil)
        var refused = false
        func build(_ label: String) -> Bool {
            let options = BuildOptions(site: site.root, output: output, jobs: 2)
            let timings = BuildTimings()
            #expect(SiteBuild(options: options).run(timings: timings).report != nil, "\(label)")
            TestSite.expectOutput(output, equals: SiteBuild(options: options).render().files, label)
            refused = timings.stages.contains { $0.name == "patch refused" }
            return timings.stages.contains { $0.name == "read site" && $0.reused > 0 }
        }
        site.write("Content/g/quests/q.md", "---\nname: Q\nlocation: church\ncomplete: true\n---\nA quest.\n")
        #expect(build("a quest completed"), "patched")
        #expect(site.page("g/quests/q.html") != "")
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\nmerchant: true\nlocations: [church]\n---\nSells maps.\n")
        #expect(build("Kale's notes"), "patched")
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\nmerchant: false\nlocations: [church]\n---\nSells maps.\n")
        #expect(build("Kale no longer a merchant, after his notes"), "patched: his front matter is as when last loaded")
        let fronts = BuildMemo.frontsPath(site: site.root)
        #expect(FileManager.default.fileExists(atPath: fronts))
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\nmerchant: true\nlocations: [church]\n---\nSells maps.\n")
        #expect(build("Kale a merchant again"), "patched against the front matter the last patch kept, not the file as last loaded")
        site.write("Content/g/npcs/varre.md", "---\nname: Varre\nmerchant: false\nlocations: [hill]\n---\nMet at the [[Church]].\n")
        #expect(build("a reference changed"), "patched")
        #expect(site.page("g/locations/hill.html").contains("Varre"))
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\nmerchant: false\nlocations: [church]\n---\nSells maps.\n")
        #expect(build("Kale's third value, after another file's"), "patched: the front matter of both is kept")
        site.write("Content/g/npcs/varre.md", "---\nname: Varre\nmerchant: true\nlocations: [hill]\n---\nMet at the [[Church]].\n")
        var damaged = try #require(FileManager.default.contents(atPath: fronts))
        damaged[damaged.count - 20] ^= 0xFF
        try damaged.write(to: URL(fileURLWithPath: fronts))
        #expect(!build("Varre's value, the kept front matter damaged"), "resolved")
        #expect(FileManager.default.fileExists(atPath: fronts), "a resolve keeps the front matter of the file it loaded just after its save")
        site.write("Content/g/npcs/varre.md", "---\nname: Varre\nmerchant: false\nlocations: [hill]\n---\nMet at the [[Church]].\n")
        #expect(build("Varre's value again, right after the resolve"), "patched against the front matter that resolve kept")
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\nmerchant: true\nlocations: [church]\n---\nSells maps.\n")
        #expect(build("Kale's value, after a resolve"), "patched against the file as loaded")
        // A record left from before a resolve is not taken for the entry the site was made from.
        let kept = try #require(FileManager.default.contents(atPath: fronts))
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\nmerchant: false\nlocations: [church]\n---\nSells old maps.\n")
        #expect(!build("Kale's value and notes at once"), "resolved")
        try kept.write(to: URL(fileURLWithPath: fronts))
        site.write("Content/g/npcs/kale.md", "---\nname: Kale\nmerchant: true\nlocations: [church]\n---\nSells old maps.\n")
        _ = build("Kale's value, beside a record older than the site")
        // Files whose front matter is still as last loaded.
        site.write("Content/g/locations/cave.md", "---\nname: Cave\nregion: South\n---\nFlooded.\n")
        #expect(!build("a value and the notes at once"), "resolved")
        site.write("Content/g/locations/hill.md", "---\nname: High Hill\n---\nWindy.\n")
        #expect(!build("a name changed"), "resolved")
        #expect(refused, "a patch tried and refused is timed as such")
        site.write("Content/g/locations/graces.yml", "- name: First Step\n  parent: church\n- name: Gatefront\n  parent: church\n")
        #expect(build("a data file's reference"), "patched")
        site.write("Content/g/locations/lake.markdown", "---\nname: Lake\ncleared: true\n---\nDeep.\n")
        #expect(!build("a value of a .markdown file"), "resolved")
        #expect(!refused, "the entries of files other than .md and data files are not patched: no patch is tried")
    }

    /// The entries of a data file are patched as those of Markdown files are: values saved (time
    /// after time), notes edited, a reference, each alone in its entry and leaving every other
    /// entry where it was; whatever adds, removes or moves an entry, or changes a name, is
    /// resolved. Each output is a clean build's.
    @Test func entriesOfADataFileArePatchedAsThoseOfMarkdownFiles() throws {
        func graces(_ first: String = "cleared: false", _ firstNotes: String = "Near the [[Church]].", second: String = "parent: church",
                    third: String = "- name: Lake Grace\n  notes: |\n    By the lake.\n") -> String {
            "- name: First Step\n  \(first)\n  notes: |\n    \(firstNotes)\n- name: Gatefront\n  \(second)\n  cleared: true\n  notes: Quiet.\n" + third
        }
        let site = TestSite([
            "questlog.yml": "title: Wiki\n",
            "Content/g/game.md": "---\ntitle: G\n---\nA game.\n",
            "Content/g/npcs/kale.md": "---\nname: Kale\nlocations: [church]\n---\nAt [[First Step]].\n",
            "Content/g/locations/church.md": "---\nname: Church\n---\nA church.\n",
            "Content/g/locations/hill.md": "---\nname: Hill\n---\nWindy.\n",
            "Content/g/locations/graces.yml": graces(),
        ])
        defer { site.remove() }
        let output = site.root + "/Output"
        try site.setModificationDates(to: Date(timeIntervalSinceNow: -60))
        #expect(site.build().report != nil)
        func build(_ label: String, _ content: String) -> Bool {
            site.write("Content/g/locations/graces.yml", content)
            let options = BuildOptions(site: site.root, output: output, jobs: 2)
            let timings = BuildTimings()
            #expect(SiteBuild(options: options).run(timings: timings).report != nil, "\(label)")
            TestSite.expectOutput(output, equals: SiteBuild(options: options).render().files, label)
            return timings.stages.contains { $0.name == "read site" && $0.reused > 0 }
        }
        #expect(build("a value", graces("cleared: true")), "patched")
        #expect(site.page("g/locations/first-step.html") != "")
        #expect(build("the value again", graces("cleared: false")), "patched against the front matter the last patch kept")
        #expect(build("a note, on its line", graces("cleared: false", "Near the [[Church]], by the cliff.")), "patched")
        #expect(build("the last entry's note, a line longer", graces("cleared: false", "Near the [[Church]], by the cliff.",
                                                                    third: "- name: Lake Grace\n  notes: |\n    By the lake.\n    Cold.\n")), "patched")
        #expect(build("a reference", graces("cleared: false", "Near the [[Church]], by the cliff.", second: "parent: hill",
                                            third: "- name: Lake Grace\n  notes: |\n    By the lake.\n    Cold.\n")), "patched")
        #expect(site.page("g/locations/hill.html").contains("Gatefront"))
        #expect(!build("a value and a note at once", graces("cleared: true", "Near the [[Hill]].")), "resolved")
        #expect(!build("a note a line longer, before other entries", graces("cleared: true", "Near the [[Hill]].\n    And the sea.")), "resolved")
        #expect(!build("an entry added", graces("cleared: true", "Near the [[Hill]].\n    And the sea.",
                                               third: "- name: Lake Grace\n- name: Sea Grace\n")), "resolved")
        #expect(!build("an entry removed", graces("cleared: true", "Near the [[Hill]].\n    And the sea.", third: "")), "resolved")
        #expect(!build("a name", graces("cleared: true", "Near the [[Hill]].\n    And the sea.", third: "- name: Lake Shrine\n")), "resolved")
        #expect(build("a value, after all that", graces("cleared: false", "Near the [[Hill]].\n    And the sea.", third: "- name: Lake Shrine\n")),
                "patched")
    }

    /// Random edits of a data file's entries (a value flipped, a reference moved, a note edited on
    /// its line or made a line longer, an entry added, removed or renamed, two entries swapped),
    /// one after another, sometimes with a moment between them and sometimes none: each build's
    /// output is a clean build's, and some of them are patches.
    @Test(arguments: [1, 2] as [UInt64])
    func dataFileEditsBuildAsCleanBuildsDo(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        func pick<T>(_ items: [T]) -> T { items[Int(rng.next() % UInt64(items.count))] }
        struct Item { var name: String; var cleared: Bool; var parent: String; var notes: [String] }
        var items = (0..<4).map { Item(name: "Grace \($0)", cleared: $0 % 2 == 0, parent: "church", notes: ["Near [[Church]]."]) }
        var next = 4
        func text() -> String {
            items.map { item in
                "- name: \(item.name)\n  cleared: \(item.cleared)\n  parent: \(item.parent)\n  notes: |\n"
                    + item.notes.map { "    " + $0 + "\n" }.joined()
            }.joined()
        }
        let site = TestSite([
            "questlog.yml": "title: Wiki\ndangling_links: warning\n",
            "Content/g/game.md": "---\ntitle: G\n---\nA game.\n",
            "Content/g/npcs/kale.md": "---\nname: Kale\nlocations: [church]\n---\nAt [[Grace 1]].\n",
            "Content/g/locations/church.md": "---\nname: Church\n---\nA church.\n",
            "Content/g/locations/hill.md": "---\nname: Hill\n---\nWindy.\n",
            "Content/g/locations/graces.yml": text(),
        ])
        defer { site.remove() }
        let output = site.root + "/Output"
        let graces = site.root + "/Content/g/locations/graces.yml"
        try site.setModificationDates(to: Date(timeIntervalSinceNow: -60))
        #expect(site.build().report != nil)
        var patched = 0
        for step in 0..<24 {
            let index = Int(rng.next() % UInt64(items.count))
            switch rng.next() % 8 {
            case 0, 1: items[index].cleared.toggle()
            case 2: items[index].parent = items[index].parent == "church" ? "hill" : "church"
            case 3: items[index].notes[0] = pick(["Near [[Church]].", "Near [[Hill]], by [[Kale]].", "Plain words \(rng.next() % 100)."])
            case 4: items[index].notes.append("More \(rng.next() % 100).")
            case 5:
                items.insert(Item(name: "Grace \(next)", cleared: false, parent: "hill", notes: ["New."]), at: index)
                next += 1
            case 6 where items.count > 2: items.remove(at: index)
            default: items.swapAt(index, (index + 1) % items.count)
            }
            site.write("Content/g/locations/graces.yml", text())
            if rng.next() % 2 == 0 {
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -30 + Double(step))], ofItemAtPath: graces)
            }
            let options = BuildOptions(site: site.root, output: output, jobs: 2)
            let timings = BuildTimings()
            let result = SiteBuild(options: options).run(timings: timings)
            #expect(result.report != nil, "seed \(seed), step \(step): \(result.diagnostics.all)")
            TestSite.expectOutput(output, equals: SiteBuild(options: options).render().files, "seed \(seed), step \(step)")
            if timings.stages.contains(where: { $0.name == "read site" && $0.reused > 0 }) { patched += 1 }
        }
        #expect(patched >= 4, "edits of one entry's values or note are patched, so those patches are compared: \(patched) of 24")
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func incrementalBuildsEqualCleanBuilds(seed: UInt64) {
        let (compared, patched, patchedFields, keptPages, loadsReused, walksKept, checkoutsFromMemo, reached, _) = check(seed: seed, steps: 30)
        #expect(compared >= 15, "most builds succeed, so their files are compared: \(compared) of 30")
        // Not more: every fourth build takes other options, and embeds hold many notes back.
        #expect(patched >= 2, "saves of notes alone are patched, so patches are compared: \(patched) of 30")
        #expect(patchedFields >= 1, "saves of field values alone are patched, so those patches are compared: \(patchedFields) of 30")
        #expect(keptPages >= 2, "builds after edits of notes alone keep the other pages, so those builds are compared: \(keptPages) of 30")
        #expect(loadsReused >= 30, "builds take unchanged files from the memo of loaded files: \(loadsReused) files in 30 builds")
        #expect(checkoutsFromMemo >= 1, "checkouts of the last build's bytes but for notes take its site, so those builds are compared: \(checkoutsFromMemo) of 4")
        #expect(walksKept >= 5, "builds after edits that add or remove no file take the last walk of Content/: \(walksKept) of 29")
        #expect(reached >= 1, "builds after edits of more than notes keep the pages those edits cannot reach, so those builds are compared: \(reached) of 30")
    }

    /// Entries' files added and removed in half the edits: the builds after them keep what those
    /// entries cannot reach, and equal clean builds.
    @Test(arguments: [4, 10] as [UInt64])
    func entriesThatComeAndGoBuildAsCleanBuildsDo(seed: UInt64) {
        let (compared, _, _, _, _, _, _, _, cameOrWent) = check(seed: seed, steps: 30, churn: true)
        #expect(compared >= 15, "most builds succeed, so their files are compared: \(compared) of 30")
        #expect(cameOrWent >= 2, "builds after entries came or went work out what those reach, so those builds are compared: \(cameOrWent) of 30")
    }

    /// A build whose folders under `Content/` are as the last build found them takes that build's
    /// walk instead of walking; any change to what a walk finds (a file made, removed or renamed, a
    /// folder, a picture, a symbolic link) walks again; either way the output is a clean build's.
    @Test func theWalkOfContentIsKeptWhileItsFoldersStayAsTheyWere() throws {
        let site = TestSite([
            "questlog.yml": "title: Wiki\n",
            "Content/g/game.md": "---\ntitle: G\n---\nSee ![[map.png]].\n",
            "Content/g/npcs/varre.md": "---\nname: Varre\n---\nAt the [[Church]].\n",
            "Content/g/locations/church.md": "---\nname: Church\nimage: ../maps/map.png\n---\n![[map.png]]\n",
        ])
        defer { site.remove() }
        site.write("Content/g/maps/map.png", bytes: TinyImages.png(width: 3, height: 2))
        let output = site.root + "/Output"
        let walkFile = BuildMemo.walkPath(site: site.root)
        var written = 0
        func age(_ path: String) throws {
            written += 1
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000 + Double(written))],
                                                  ofItemAtPath: site.root + "/" + path)
        }
        for path in ["questlog.yml", "Content/g/game.md", "Content/g/npcs/varre.md", "Content/g/locations/church.md", "Content/g/maps/map.png"] {
            try age(path)
        }
        /// Builds, and says whether the build kept a walk it made; its output must be a clean build's.
        func build(_ name: String) -> Bool {
            let options = BuildOptions(site: site.root, output: output, jobs: 2)
            let timings = BuildTimings()
            let result = SiteBuild(options: options).run(timings: timings)
            let clean = SiteBuild(options: options).render()
            #expect(result.diagnostics.all == clean.diagnostics.all, "\(name)")
            #expect(!result.diagnostics.hasErrors, "\(name): \(result.diagnostics.all)")
            TestSite.expectOutput(output, equals: clean.files, name)
            return timings.stages.contains { $0.name == "keep walk" }
        }
        #expect(build("the first build"))
        #expect(FileManager.default.fileExists(atPath: walkFile))
        func change(_ name: String, walksAgain: Bool, _ body: () throws -> Void) throws {
            try body()
            #expect(build(name) == walksAgain, "\(name)")
        }
        try change("an edited note", walksAgain: false) {
            site.write("Content/g/npcs/varre.md", "---\nname: Varre\n---\nNow at the [[Church]], longer.\n")
            try age("Content/g/npcs/varre.md")
        }
        try change("questlog.yml edited, the schema as it was", walksAgain: true) {
            site.write("questlog.yml", "title: Wiki again\n")
            try age("questlog.yml")
        }
        try change("a new note", walksAgain: true) {
            site.write("Content/g/npcs/kale.md", "---\nname: Kale\n---\n")
            try age("Content/g/npcs/kale.md")
        }
        try change("its note edited", walksAgain: false) {
            site.write("Content/g/npcs/kale.md", "---\nname: Kale\n---\nSells things.\n")
            try age("Content/g/npcs/kale.md")
        }
        try change("a picture of another size", walksAgain: true) {
            site.write("Content/g/maps/map.png", bytes: TinyImages.png(width: 40, height: 20))
            try age("Content/g/maps/map.png")
        }
        #expect(site.page("g/locations/church.html").contains("width=\"40\" height=\"20\""), "the picture measured again")
        try change("a note renamed", walksAgain: true) {
            try FileManager.default.moveItem(atPath: site.root + "/Content/g/npcs/kale.md", toPath: site.root + "/Content/g/npcs/_kale.md")
        }
        try change("a note removed", walksAgain: true) {
            try FileManager.default.removeItem(atPath: site.root + "/Content/g/npcs/_kale.md")
        }
        try change("an empty game folder", walksAgain: true) {
            try FileManager.default.createDirectory(atPath: site.root + "/Content/h", withIntermediateDirectories: false)
        }
        try change("a damaged walk file", walksAgain: true) {
            try TestSite.damage(walkFile)
            // Another alias, not notes alone: the site is loaded, not patched (`SiteMemo`).
            site.write("Content/g/npcs/varre.md", "---\nname: Varre\naliases: [V]\n---\nBack at the [[Church]].\n")
            try age("Content/g/npcs/varre.md")
        }
        try change("a symbolic link", walksAgain: false) {
            site.link("Content/g/npcs/varre-too.md", to: "varre.md")
        }
        #expect(!FileManager.default.fileExists(atPath: walkFile), "no walk is kept while Content/ holds a link")
        try change("an edit beside the link", walksAgain: false) {
            site.write("Content/g/npcs/varre.md", "---\nname: Varre\n---\nStill at the [[Church]].\n")
            try age("Content/g/npcs/varre.md")
        }
        try change("the link removed", walksAgain: true) {
            try FileManager.default.removeItem(atPath: site.root + "/Content/g/npcs/varre-too.md")
        }
    }

    /// The notes memo does reuse: an edit of one body renders that note alone, and a renamed entry
    /// renders again the notes that link to it.
    /// After edits of notes alone, a build updates the last search index rather than making it
    /// whole (`SearchIndexBuilder.update`): it keeps the index files the edits do not reach as the
    /// output folder holds them, and the output is a clean build's. Any other change, or a damaged
    /// memo of the index, make it whole again; when its files changed in the output, the index
    /// updated is made whole from its memo, no other document analysed.
    @Test func editsOfNotesUpdateTheLastSearchIndex() throws {
        var rng = SplitMix64(seed: 5)
        let words = ["the", "lake", "tower", "sword", "moon", "gate", "witch", "騎士", "κόσμος", "मीरा", "wolf", "of", "and", "a", "old"]
        func note() -> String { (0..<40).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined(separator: " ") }
        var files = ["questlog.yml": "title: Wiki\n", "Content/g/game.md": "---\ntitle: G\n---\nStart.\n"]
        for number in 0..<150 {
            let kind = Self.kinds[number % 3]
            files["Content/g/\(kind)/e\(number).md"] = "---\nname: Entry \(number)\n---\n\(note())\n"
        }
        let site = TestSite(files)
        defer { site.remove() }
        let output = site.root + "/Output"
        let options = BuildOptions(site: site.root, output: output, jobs: 2)
        func build(_ label: String) -> (made: Int, kept: Int) {
            let timings = BuildTimings()
            let result = SiteBuild(options: options).run(timings: timings)
            #expect(result.report != nil, "\(label)")
            TestSite.expectOutput(output, equals: SiteBuild(options: options).render().files, label)
            let search = timings.stages.first { $0.name == "search" }
            return ((search?.items ?? 0) - (search?.reused ?? 0), search?.reused ?? 0)
        }
        func append(_ number: Int, _ text: String) {
            let path = "Content/g/\(Self.kinds[number % 3])/e\(number).md"
            files[path]! += text + "\n"
            site.write(path, files[path]!)
        }
        let first = build("first build")
        #expect(first.kept == 0)
        var updated = 0
        for (step, number) in [3, 77, 120, 3, 45, 46, 149, 0].enumerated() {
            append(number, step % 2 == 0 ? note() : "Newly seen word\(step) of the lake.")
            let searched = build("edit \(step)")
            guard searched.kept > 0 else { continue }
            updated += 1
            #expect(searched.made < searched.kept, "edit \(step): \(searched.made) files made, \(searched.kept) kept")
        }
        #expect(updated >= 6, "\(updated) of 8 edits of notes updated the index")

        // A new name: the index is made whole.
        site.write("Content/g/npcs/e0.md", "---\nname: Entry Zero\n---\nRenamed.\n")
        files["Content/g/npcs/e0.md"] = "---\nname: Entry Zero\n---\nRenamed.\n"
        #expect(build("a new name").kept == 0)
        // A memo of the index that does not read: made whole.
        append(9, "More.")
        site.write(".questlog/search-index", "damaged")
        #expect(build("a damaged memo").kept == 0)
        // A file of the index removed from the output since (the flags, which notes never change):
        // the index updated is made whole from its memo, and the file written again.
        append(12, "More.")
        #expect(build("notes again").kept > 0)
        let index = try FileManager.default.contentsOfDirectory(atPath: output + "/assets/search").sorted()
        let removed = try #require(index.first { $0.hasPrefix("flags.") })
        try FileManager.default.removeItem(atPath: output + "/assets/search/" + removed)
        append(15, "More.")
        let rewritten = build("a file of the index removed")
        #expect(rewritten.made > 0 && rewritten.made < rewritten.kept, "\(rewritten): the files the edit reaches made, the rest from the memo")
        #expect(FileManager.default.fileExists(atPath: output + "/assets/search/" + removed))

        // The folder emptied, nothing changed: every file of the index made again from the last
        // index (no document analysed, `SearchIndexBuilder.remade(from:)`), whose memo stays as it is.
        let memo = try #require(FileManager.default.contents(atPath: BuildMemo.searchIndexPath(site: site.root)))
        for name in try FileManager.default.contentsOfDirectory(atPath: output) {
            try FileManager.default.removeItem(atPath: output + "/" + name)
        }
        let remade = build("the folder emptied")
        let searchFiles = try FileManager.default.contentsOfDirectory(atPath: output + "/assets/search")
        #expect(remade.made == 0 && remade.kept == searchFiles.count, "\(remade) of \(searchFiles.count): every file made from the last index")
        #expect(FileManager.default.contents(atPath: BuildMemo.searchIndexPath(site: site.root)) == memo, "the memo of the index stands")
    }

    @Test func onlyTheNotesWhoseLinksChangedAreRenderedAgain() throws {
        let site = TestSite([
            "questlog.yml": "dangling_links: warning\n",
            "Content/g/game.md": "---\ntitle: G\n---\n",
            "Content/g/npcs/a.md": "---\nname: Alba\n---\nKnows [[Bob]].\n",
            "Content/g/npcs/b.md": "---\nname: Bob\n---\nAlone.\n",
            "Content/g/npcs/c.md": "---\nname: Cid\n---\nAlso alone.\n",
        ])
        defer { site.remove() }
        func build() -> Int {
            // Without the last build's resolve, which would be patched with a note edited
            // (`SiteMemo`): the site is resolved afresh, with the notes memo.
            _ = try? FileManager.default.removeItem(atPath: BuildMemo.sitePath(site: site.root))
            let timings = BuildTimings()
            _ = SiteBuild(options: BuildOptions(site: site.root, output: site.root + "/Output")).run(timings: timings)
            return timings.stages.first { $0.name == "resolve" }?.reused ?? -1
        }
        #expect(build() == 0)
        site.write("Content/g/npcs/c.md", "---\nname: Cid\n---\nNo longer alone.\n")
        #expect(build() == 2, "a and b reused")
        site.write("Content/g/npcs/b.md", "---\nname: Bea\n---\nAlone.\n")
        #expect(build() == 2, "b and c reused; a's link now dangles")
        #expect(site.page("g/npcs/a.html").contains("wikilink-missing"))
        // A note too long to keep is rendered every time; the others are still reused.
        site.write("Content/g/npcs/d.md", "---\nname: Dan\n---\n" + String(repeating: "Long note. ", count: NoteMemo.largestNote / 10) + "\n")
        #expect(build() == 3)
        site.write("Content/g/npcs/c.md", "---\nname: Cid\n---\nAlone again.\n")
        #expect(build() == 2, "a and b reused, d rendered again")
        var options = BuildOptions(site: site.root, output: site.root + "/Output")
        options.clean = true
        let timings = BuildTimings()
        _ = SiteBuild(options: options).run(timings: timings)
        #expect(timings.stages.first { $0.name == "resolve" }?.reused == 0, "--clean trusts no earlier note")
    }

    /// `serve` parses again only the files whose bytes changed, and forgets files removed.
    @Test func onlyTheFilesThatChangedAreParsedAgainWhenServed() throws {
        let site = TestSite([
            "questlog.yml": "dangling_links: warning\n",
            "Content/g/game.md": "---\ntitle: G\n---\n",
            "Content/g/npcs/a.md": "---\nname: Alba\n---\nKnows [[Bob]].\n",
            "Content/g/npcs/b.md": "---\nname: Bob\n---\nAlone.\n",
            "Content/g/locations/places.yml": "- name: Cave\n- name: Lake\n",
        ])
        defer { site.remove() }
        let memo = BuildMemo(loads: LoadMemo())
        func serve() -> (reused: Int, page: String) {
            let timings = BuildTimings()
            let served = SiteBuild(options: BuildOptions(site: site.root, output: site.root + "/Output")).renderServed(timings: timings, memo: memo)
            let page = served.pages?.page(at: "g/npcs/a.html").flatMap { try? $0.get() }.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
            return (timings.stages.first { $0.name == "load" }?.reused ?? -1, page)
        }
        #expect(serve().reused == 0)
        #expect(serve().reused == 3, "a, b and the data file")
        site.write("Content/g/npcs/b.md", "---\nname: Bea\n---\nAlone.\n")
        let renamed = serve()
        #expect(renamed.reused == 2)
        #expect(renamed.page.contains("wikilink-missing"), "a's link to Bob dangles now")
        try FileManager.default.removeItem(atPath: site.root + "/Content/g/locations/places.yml")
        #expect(serve().reused == 2)
        #expect(memo.loads?.count == 2, "the data file is forgotten")
        site.write("questlog.yml", "title: Another title\ndangling_links: warning\n")
        #expect(serve().reused == 2, "the same schema")
        site.write("questlog.yml", "dangling_links: warning\nkinds:\n  npc:\n    plural: People\n")
        #expect(serve().reused == 0, "another schema: every file is loaded again")
    }
}
