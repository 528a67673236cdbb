import Immortal
import Testing

@Suite("Objects made immortal are no longer counted, and values holding them keep their meaning")
struct ImmortalTests {
    /// The address of the storage of a string, an array or an object.
    private func address(of string: String) -> UInt { unsafeBitCast(string, to: (UInt64, UInt).self).1 }
    private func address<Element>(of array: [Element]) -> UInt { unsafeBitCast(array, to: UInt.self) }

    private final class Box {
        var value = 0
    }

    @Test func layoutIsAsExpectedOnLinux() {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
        #expect(Immortal.isAvailable)
        #else
        #expect(!Immortal.isAvailable)
        #endif
    }

    @Test func anImmortalObjectStaysImmortalThroughReferencesTakenAndGivenBack() throws {
        try #require(Immortal.isAvailable)
        let box = Box()
        let at = UInt(bitPattern: Unmanaged.passUnretained(box).toOpaque())
        #expect(!Immortal.isImmortal(at: at))
        Immortal.object(box)
        #expect(Immortal.isImmortal(at: at))
        var copies: [Box] = []
        for _ in 0..<100 { copies.append(box) }
        copies.removeAll()
        let unmanaged = Unmanaged.passUnretained(box)
        _ = unmanaged.retain()
        unmanaged.release()
        unmanaged.release()
        #expect(Immortal.isImmortal(at: at))
        box.value = 7
        #expect(box.value == 7)
    }

    @Test func stringsKeepTheirMeaningAndCopyBeforeAChange() throws {
        try #require(Immortal.isAvailable)
        let original = String(repeating: "Ranni the Witch ", count: 3)
        Immortal.string(original)
        #expect(Immortal.isImmortal(original))
        var changed = original
        changed += "!"
        #expect(original == String(repeating: "Ranni the Witch ", count: 3))
        #expect(changed == original + "!")
        #expect(address(of: changed) != address(of: original))
        #expect(!Immortal.isImmortal(changed))
    }

    @Test func smallStringsAndLiteralsAreLeftAsTheyAre() throws {
        try #require(Immortal.isAvailable)
        let small = "Melina"
        let literal = "a literal long enough to need storage of its own"
        Immortal.string(small)
        Immortal.string(literal)
        Immortal.string(Optional<String>.none)
        #expect(!Immortal.isImmortal(small))
        #expect(!Immortal.isImmortal(literal))
        #expect(small + literal == "Melina" + "a literal long enough to need storage of its own")
    }

    @Test func arraysAndDictionariesCopyBeforeAChange() throws {
        try #require(Immortal.isAvailable)
        let numbers = Array(0..<100)
        Immortal.array(numbers)
        #expect(Immortal.isImmortal(at: address(of: numbers)))
        var grown = numbers
        grown.append(100)
        #expect(numbers == Array(0..<100))
        #expect(grown == Array(0...100))
        #expect(address(of: grown) != address(of: numbers))

        let names = ["Margit": 1, "Godrick": 2, "Rennala": 3]
        Immortal.dictionary(names)
        #expect(Immortal.isImmortal(at: unsafeBitCast(names, to: UInt.self)))
        var more = names
        more["Radahn"] = 4
        #expect(names == ["Margit": 1, "Godrick": 2, "Rennala": 3])
        #expect(more.count == 4)

        let strings = (0..<20).map { "Site of Grace number \($0)" }
        Immortal.strings(strings)
        #expect(strings.allSatisfy(Immortal.isImmortal))
        #expect(strings[3] == "Site of Grace number 3")
    }

    @Test func emptyValuesAreLeftAsTheyAre() throws {
        try #require(Immortal.isAvailable)
        // The empty array and dictionary share static storage, immortal already.
        Immortal.array([Int]())
        Immortal.dictionary([String: Int]())
        Immortal.set(Set<Int>())
        Immortal.string("")
        var empty: [Int] = []
        empty.append(1)
        #expect(empty == [1])
    }

    @Test func objectsSharedByThreadsStayImmortal() async throws {
        try #require(Immortal.isAvailable)
        let text = String(repeating: "Leyndell ", count: 10)
        Immortal.string(text)
        await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var total = 0
                    for _ in 0..<10_000 {
                        let copy = text
                        total += copy.utf8.count
                    }
                    return total
                }
            }
            for await total in group { #expect(total == 900_000) }
        }
        #expect(Immortal.isImmortal(text))
    }
}
