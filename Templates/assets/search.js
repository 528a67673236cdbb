/* Questlog search: the header search box and the search page.
 *
 * The index is made of script files under assets/search/ that call QuestlogSearch.load(); they are
 * added as <script> elements because browsers refuse fetch() from file://. Tokenizing and ranking
 * follow SearchTokenizer.swift and SearchIndex+Query.swift step for step, so the Swift tests and
 * benchmarks describe what happens here. */
(function () {
  "use strict";

  // MARK: Tokenizer

  var SPECIAL_LETTERS = {
    "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L",
    "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss", "þ": "th", "Þ": "Th", "ı": "i"
  };
  var IGNORABLE = /[\p{Cf}\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;
  var IGNORABLE_ONE = /^[\p{Cf}\uFE00-\uFE0F\u{E0100}-\u{E01EF}]$/u;
  // Swift folds whitespace by grapheme clusters, which take any marks that follow a space along.
  var SPACE_AND_MARKS = /\p{White_Space}\p{M}*/gu;
  var NONSPACING_MARK = /^\p{Mn}$/u;
  var MARK = /^\p{M}$/u;
  var LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;

  function isLatin(code) {
    return (code >= 0x41 && code <= 0x5A) || (code >= 0x61 && code <= 0x7A) || (code >= 0xC0 && code <= 0x24F) ||
      (code >= 0x1E00 && code <= 0x1EFF) || (code >= 0x2C60 && code <= 0x2C7F) || (code >= 0xA720 && code <= 0xA7FF);
  }

  // Traditional Chinese characters fold to Simplified ones (SearchHanFolding.swift), so 龍王廟 finds 龙王庙.
  // The table is in search-han.js, loaded before the first query with such characters (requireHan).
  var HAN_FOLD = null;
  var HAN = /[\u3400-\u4DBF\u4E00-\u9FFF]/g;
  var HAS_HAN = /[\u3400-\u4DBF\u4E00-\u9FFF]/;

  // The numbers of a packed string: base 32, the last digit of each from the first half of the alphabet.
  function unpackNumbers(text) {
    var alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    var numbers = [];
    var value = 0;
    for (var i = 0; i < text.length; i++) {
      var digit = alphabet.indexOf(text.charAt(i));
      if (digit >= 32) {
        value = value * 32 + digit - 32;
      } else {
        numbers.push(value * 32 + digit);
        value = 0;
      }
    }
    return numbers;
  }

  function unpackHan(traditional, simplified) {
    var keys = unpackNumbers(traditional);
    var values = unpackNumbers(simplified);
    var table = new Map();
    var key = 0;
    var value = 0;
    for (var i = 0; i < keys.length; i++) {
      key += keys[i];
      value += values[i] & 1 ? -(values[i] + 1) / 2 : values[i] / 2;
      table.set(String.fromCharCode(key), String.fromCharCode(value));
    }
    return table;
  }

  function foldHan(character) {
    return HAN_FOLD.get(character) || character;
  }

  function foldAllHan(text) {
    return HAN_FOLD ? text.replace(HAN, foldHan) : text;
  }

  function isIdeographic(code) {
    return (code >= 0x1100 && code <= 0x11FF) || (code >= 0x2E80 && code <= 0x2FDF) || code === 0x3005 ||
      code === 0x3007 || (code >= 0x3021 && code <= 0x3029) || (code >= 0x3038 && code <= 0x303B) ||
      (code >= 0x3041 && code <= 0x309F) || (code >= 0x30A0 && code <= 0x30FF) || (code >= 0x3131 && code <= 0x318E) ||
      (code >= 0x31F0 && code <= 0x31FF) || (code >= 0x3400 && code <= 0x4DBF) || (code >= 0x4E00 && code <= 0x9FFF) ||
      (code >= 0xA960 && code <= 0xA97F) || (code >= 0xAC00 && code <= 0xD7FF) || (code >= 0xF900 && code <= 0xFAFF) ||
      (code >= 0x20000 && code <= 0x3134F);
  }

  function isWordCharacter(character) {
    return LETTER_OR_NUMBER.test(character) || MARK.test(character);
  }

  function fold(text) {
    var decomposed = text.replace(IGNORABLE, "").normalize("NFKC").toLowerCase().normalize("NFD");
    var folded = "";
    var afterLatin = false;
    for (var character of decomposed) {
      if (NONSPACING_MARK.test(character)) {
        if (!afterLatin) folded += character;
        continue;
      }
      afterLatin = isLatin(character.codePointAt(0));
      folded += SPECIAL_LETTERS[character] || character;
    }
    return foldAllHan(folded.normalize("NFC").replace(SPACE_AND_MARKS, " ").replace(/ς/g, "σ"));
  }

  function terms(text) {
    var result = [];
    var word = "";
    var units = [];
    function flushWord() {
      if (word) result.push(word);
      word = "";
    }
    function flushUnits() {
      if (!units.length) return;
      for (var i = 1; i < units.length; i++) result.push(units[i - 1] + units[i]);
      result.push(units[units.length - 1]);
      units = [];
    }
    for (var character of fold(text)) {
      if (MARK.test(character)) {
        if (units.length) units[units.length - 1] += character; else word += character;
      } else if (LETTER_OR_NUMBER.test(character)) {
        if (isIdeographic(character.codePointAt(0))) {
          flushWord();
          units.push(character);
        } else {
          flushUnits();
          word += character;
        }
      } else {
        flushUnits();
        flushWord();
      }
    }
    flushUnits();
    flushWord();
    return result;
  }

  function scalars(text) {
    return Array.from(text);
  }

  // MARK: Matching

  var TYPO_FACTOR = 0.5;
  var TYPO_PREFIX_FACTOR = 0.4;
  var TYPO_MINIMUM_LENGTH = 5;
  var PREFIX_SHARD_LIMIT = 3;
  var TYPO_SHARD_LIMIT = 3;

  function prefixFactor(wordLength, termLength) {
    return 0.7 + 0.2 * wordLength / termLength;
  }

  function sameFrom(a, i, b, j) {
    if (a.length - i !== b.length - j) return false;
    for (; i < a.length; i++, j++) if (a[i] !== b[j]) return false;
    return true;
  }

  // One edit: a character inserted, deleted or replaced, or two neighbours swapped.
  function withinOneEdit(a, b, bLength) {
    var lengthB = bLength === undefined ? b.length : bLength;
    if (Math.abs(a.length - lengthB) > 1) return false;
    var bb = lengthB === b.length ? b : b.slice(0, lengthB);
    var i = 0;
    var shorter = Math.min(a.length, bb.length);
    while (i < shorter && a[i] === bb[i]) i++;
    if (i === a.length && i === bb.length) return true;
    if (a.length === bb.length) {
      if (sameFrom(a, i + 1, bb, i + 1)) return true;
      return a.length - i >= 2 && a[i] === bb[i + 1] && a[i + 1] === bb[i] && sameFrom(a, i + 2, bb, i + 2);
    }
    return a.length < bb.length ? sameFrom(a, i, bb, i + 1) : sameFrom(a, i + 1, bb, i);
  }

  function prefixWithinOneEdit(word, term) {
    for (var length = word.length - 1; length <= word.length + 1; length++) {
      if (length >= 1 && length <= term.length && withinOneEdit(word, term, length)) return true;
    }
    return false;
  }

  function queryWords(text) {
    var all = terms(text);
    if (!all.length) return [];
    var characters = scalars(text);
    var end = characters.length - 1;
    while (end >= 0 && IGNORABLE_ONE.test(characters[end])) end--;
    var endsInWord = end >= 0 && isWordCharacter(characters[end]);
    var last = all[all.length - 1];
    var lastIsPrefix = endsInWord && scalars(last).length >= 2;
    var words = [];
    for (var term of all) {
      if (words.some(function (word) { return word.term === term; })) continue;
      words.push({ term: term, scalars: scalars(term), isPrefix: isSingleIdeograph(term) || (lastIsPrefix && term === last) });
    }
    return words;
  }

  function isSingleIdeograph(term) {
    var characters = scalars(term);
    return isIdeographic(characters[0].codePointAt(0)) && characters.slice(1).every(function (character) { return MARK.test(character); });
  }

  // Whether a term of the text matches a word of the query, as the index lookup would take it.
  function termMatches(word, term) {
    if (term === word.term) return true;
    if (word.isPrefix && term.startsWith(word.term)) return true;
    if (word.scalars.length < TYPO_MINIMUM_LENGTH) return false;
    var termScalars = scalars(term);
    return withinOneEdit(word.scalars, termScalars) || (word.isPrefix && prefixWithinOneEdit(word.scalars, termScalars));
  }

  // MARK: Loading

  var script = document.currentScript;
  var rootURL = new URL("../", script ? script.src : document.baseURI);
  var indexURL = new URL("assets/search/", rootURL);
  var store = { index: {}, terms: {}, docs: {}, flags: {} };
  var requests = {};
  var loadedFiles = [];
  var pageTime = Date.now();

  // Which index.js the loaded files belong to: restart() starts a new one.
  var generation = 0;
  var MAX_RESTARTS = 3;

  // An index file whose name is gone: the site was rebuilt since index.js was loaded.
  // Everything is forgotten and index.js loaded again.
  function restart() {
    store = { index: {}, terms: {}, docs: {}, flags: {} };
    requests = {};
    pageTime = Date.now();
    generation++;
  }

  var HASH_LENGTH = 5;

  function file(index, type, number) {
    // Each type's hashes are one string, HASH_LENGTH characters a file.
    return type === "flags" ? "flags." + index.files.flags + ".js"
      : type + "-" + number + "." + index.files[type].slice(number * HASH_LENGTH, (number + 1) * HASH_LENGTH) + ".js";
  }

  function load(type, number, data) {
    if (type === "han") HAN_FOLD = unpackHan(data[0], data[1]);
    else if (store[type]) store[type][number] = data;
  }

  var hanRequest = null;

  // search-han.js, the Traditional → Simplified table, once.
  function requireHan() {
    if (!hanRequest) {
      hanRequest = new Promise(function (resolve, reject) {
        var element = document.createElement("script");
        element.src = new URL("assets/search-han.js", rootURL).href;
        element.async = true;
        element.onload = function () {
          loadedFiles.push("search-han.js");
          resolve();
        };
        element.onerror = function () {
          hanRequest = null;
          reject(new Error("Questlog search: cannot load " + element.src));
        };
        document.head.appendChild(element);
      });
    }
    return hanRequest;
  }

  // Ready to tokenize `text` as Swift does: with the Han table when the text has Han characters.
  function ready(text) {
    return HAN_FOLD || (text !== undefined && !HAS_HAN.test(text)) ? Promise.resolve() : requireHan();
  }

  // Loads an index file once. index.js names each other file after a hash of its content and is itself
  // asked for with a query that is new on each page, so no cache can pair it with older files.
  function require(file) {
    if (!requests[file]) {
      requests[file] = new Promise(function (resolve, reject) {
        var element = document.createElement("script");
        element.src = new URL(file === "index.js" ? file + "?t=" + pageTime : file, indexURL).href;
        element.async = true;
        element.onload = function () {
          loadedFiles.push(file);
          resolve();
        };
        element.onerror = function () {
          delete requests[file];
          reject(new Error("Questlog search: cannot load " + element.src));
        };
        document.head.appendChild(element);
      });
    }
    return requests[file];
  }

  function manifest() {
    return require("index.js").then(function () {
      var index = store.index[0];
      if (!index || index.version !== 3) throw new Error("Questlog search: unknown index format");
      return index;
    });
  }

  function shardFor(index, term) {
    var keys = index.shards;
    var low = 0;
    var high = keys.length;
    while (high - low > 1) {
      var middle = (low + high) >> 1;
      if (term < keys[middle]) high = middle; else low = middle;
    }
    return low;
  }

  function shardsFor(index, word) {
    var first = shardFor(index, word.term);
    var shards = [first];
    if (!word.isPrefix) return shards;
    for (var next = first + 1; next < index.shards.length && shards.length < PREFIX_SHARD_LIMIT &&
      index.shards[next].startsWith(word.term); next++) {
      shards.push(next);
    }
    return shards;
  }

  // Where a misspelt word's correction may be when the typo changes the shard: the shards of the
  // word with two neighbours swapped or one character left out.
  function typoShardsFor(index, word, shards) {
    var characters = word.scalars;
    if (characters.length < TYPO_MINIMUM_LENGTH) return [];
    var variants = [];
    for (var i = 0; i < characters.length - 1; i++) {
      var swapped = characters.slice();
      swapped[i] = characters[i + 1];
      swapped[i + 1] = characters[i];
      variants.push(swapped.join(""));
    }
    for (var j = 0; j < characters.length; j++) {
      variants.push(characters.slice(0, j).concat(characters.slice(j + 1)).join(""));
    }
    var found = [];
    for (var v = 0; v < variants.length && found.length < TYPO_SHARD_LIMIT; v++) {
      var shard = shardFor(index, variants[v]);
      if (shards.indexOf(shard) < 0 && found.indexOf(shard) < 0) found.push(shard);
    }
    return found;
  }

  function hasTerm(shard, term) {
    var data = store.terms[shard];
    var at = position(data.terms, term);
    return at < data.terms.length && data.terms[at] === term;
  }

  function position(list, term) {
    var low = 0;
    var high = list.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (list[middle] < term) low = middle + 1; else high = middle;
    }
    return low;
  }

  // The terms of the loaded shards a word matches: [postings, factor, isExact].
  function candidates(word, shards, typoShards) {
    var found = [];
    var seen = new Set();
    var first = store.terms[shards[0]];
    var start = position(first.terms, word.term);
    if (start < first.terms.length && first.terms[start] === word.term) {
      found.push([first.postings[start], 1, true]);
      seen.add(word.term);
    }
    if (word.isPrefix) {
      var wordLength = word.scalars.length;
      scan: for (var s = 0; s < shards.length; s++) {
        var shard = store.terms[shards[s]];
        for (var i = s === 0 ? start : 0; i < shard.terms.length; i++) {
          var term = shard.terms[i];
          if (!term.startsWith(word.term)) break scan;
          if (seen.has(term)) continue;
          found.push([shard.postings[i], prefixFactor(wordLength, scalars(term).length), false]);
          seen.add(term);
        }
      }
    }
    if (word.scalars.length < TYPO_MINIMUM_LENGTH) return found;
    var scanned = shards.concat(typoShards);
    for (var t = 0; t < scanned.length; t++) {
      var data = store.terms[scanned[t]];
      for (var j = 0; j < data.terms.length; j++) {
        if (seen.has(data.terms[j])) continue;
        var termScalars = scalars(data.terms[j]);
        if (withinOneEdit(word.scalars, termScalars)) {
          found.push([data.postings[j], TYPO_FACTOR, false]);
        } else if (word.isPrefix && prefixWithinOneEdit(word.scalars, termScalars)) {
          found.push([data.postings[j], TYPO_PREFIX_FACTOR, false]);
        }
      }
    }
    return found;
  }

  function bit(bits, doc) {
    return bits !== undefined && (bits.charCodeAt(doc >> 3) >> (doc & 7)) & 1;
  }

  // A query: { text, game, kind, state, limit } with game and kind ids and state "complete" or
  // "!complete". Resolves to the hits with what results show of them.
  // A search that fails on a file of an older index.js tries once more with the current one, after
  // starting one if no other search has since.
  function search(query) {
    var started = generation;
    return ready(query.text || "").then(function () { return searchOnce(query); }).catch(function (error) {
      if (started === generation) {
        if (generation >= MAX_RESTARTS) throw error;
        restart();
      }
      return searchOnce(query);
    });
  }

  function searchOnce(query) {
    var words = queryWords(query.text || "");
    if (!words.length) {
      if (!query.game && !query.kind && !query.state) {
        return Promise.resolve({ hits: [], total: 0, matchesAllWords: false, shards: [], chunks: [], words: [] });
      }
      return manifest().then(function (index) {
        return (query.state ? require(file(index, "flags", 0)) : Promise.resolve()).then(function () { return browse(index, query); });
      }).then(function (ranked) { return described(ranked, words); });
    }
    var needed = new Set();
    function requireShards(index, lists) {
      var loads = [];
      lists.forEach(function (list) {
        list.forEach(function (shard) {
          needed.add(shard);
          loads.push(require(file(index, "terms", shard)));
        });
      });
      return Promise.all(loads);
    }
    return manifest().then(function (index) {
      var shardLists = words.map(function (word) { return shardsFor(index, word); });
      var typoLists;
      var loads = [requireShards(index, shardLists)];
      if (query.state) loads.push(require(file(index, "flags", 0)));
      return Promise.all(loads).then(function () {
        // A long word that is not a term may be misspelt where it decides its shard.
        typoLists = words.map(function (word, number) {
          return hasTerm(shardLists[number][0], word.term) ? [] : typoShardsFor(index, word, shardLists[number]);
        });
        return requireShards(index, typoLists);
      }).then(function () {
        return rank(index, query, words, shardLists, typoLists, needed);
      });
    }).then(function (ranked) { return described(ranked, words); });
  }

  // Loads the documents files of the hits and fills in what results show.
  function described(ranked, words) {
    var chunks = new Set(ranked.hits.map(function (hit) { return Math.floor(hit.document / ranked.chunk); }));
    return Promise.all(Array.from(chunks).map(function (chunk) { return require(file(ranked.index, "docs", chunk)); }))
      .then(function () {
        ranked.hits.forEach(function (hit) { describe(ranked.index, hit); });
        ranked.chunks = Array.from(chunks).sort(function (a, b) { return a - b; });
        ranked.words = words;
        return ranked;
      });
  }

  // How a query meets a name (SearchNameMatch.swift): every word is in the name (1), the query
  // completes or corrects to the whole name (2), every word is a whole word of the name (3), the
  // query's words are the name's words (4). Only the words the document has count.
  function nameMatch(scores, quality, doc, nameLength) {
    var allWhole = true;
    var words = 0;
    for (var number = 0; number < quality.length; number++) {
      if (!(scores[number][doc] > 0)) continue;
      words++;
      var value = quality[number][doc];
      if (!value) return 0;
      if (value < 2) allWhole = false;
    }
    if (allWhole) return nameLength === words ? 4 : 3;
    return nameLength === words ? 2 : 1;
  }

  // More of the query's words, a better name match, a higher score, document order.
  function ranksBefore(a, b) {
    if (a.matched !== b.matched) return b.matched - a.matched;
    if (a.name !== b.name) return b.name - a.name;
    if (a.score !== b.score) return b.score - a.score;
    return a.document - b.document;
  }

  function rank(index, query, words, shardLists, typoLists, needed) {
    var count = index.documents;
    var scores = words.map(function () { return new Float64Array(count); });
    // For each word: 2 where it is a term of the name, 1 where it matches one by prefix or typo.
    var quality = words.map(function () { return new Uint8Array(count); });
    var nameLengths = new Int32Array(count);
    var touched = [];
    var seen = new Uint8Array(count);
    words.forEach(function (word, number) {
      var best = scores[number];
      var inName = quality[number];
      candidates(word, shardLists[number], typoLists[number]).forEach(function (candidate) {
        var postings = candidate[0];
        var factor = candidate[1];
        var level = candidate[2] ? 2 : 1;
        var doc = 0;
        for (var i = 0; i < postings.length;) {
          doc += postings[i];
          var impact = postings[i + 1];
          if (impact < 0) {
            impact = -impact;
            nameLengths[doc] = postings[i + 2];
            if (level > inName[doc]) inName[doc] = level;
            i += 3;
          } else {
            i += 2;
          }
          var value = impact * factor;
          if (value > best[doc]) best[doc] = value;
          if (!seen[doc]) {
            seen[doc] = 1;
            touched.push(doc);
          }
        }
      });
    });

    var allowed = filterMask(index, query);
    var ranked = [];
    var all = false;
    touched.forEach(function (doc) {
      if (!allowed[doc]) return;
      var matched = 0;
      var score = 0;
      for (var number = 0; number < words.length; number++) {
        if (scores[number][doc] > 0) {
          matched++;
          score += scores[number][doc];
        }
      }
      if (matched === words.length) all = true;
      ranked.push({ document: doc, score: score, name: nameMatch(scores, quality, doc, nameLengths[doc]), matched: matched });
    });
    var hits = all ? ranked.filter(function (hit) { return hit.matched === words.length; }) : ranked;
    hits.sort(ranksBefore);
    return result(index, query, hits, all, Array.from(needed).sort(function (a, b) { return a - b; }));
  }

  function result(index, query, hits, matchesAllWords, shards) {
    return {
      index: index,
      chunk: index.chunk,
      total: hits.length,
      matchesAllWords: matchesAllWords,
      hits: hits.slice(0, query.limit || 10),
      shards: shards
    };
  }

  // A query without words but with a filter: every document that passes it, in document order.
  function browse(index, query) {
    var allowed = filterMask(index, query);
    var hits = [];
    for (var doc = 0; doc < index.documents; doc++) {
      if (allowed[doc]) hits.push({ document: doc, score: 0, name: 0, matched: 0 });
    }
    return result(index, query, hits, true, []);
  }

  // Which documents pass the game, kind and state filters.
  function filterMask(index, query) {
    var allowed = new Uint8Array(index.documents);
    var game = query.game ? index.games.findIndex(function (item) { return item[0] === query.game; }) : -1;
    var kind = query.kind ? index.kinds.findIndex(function (item) { return item[0] === query.kind; }) : -1;
    var field = null;
    var wanted = true;
    var bits;
    if (query.state) {
      wanted = query.state.charAt(0) !== "!";
      field = wanted ? query.state : query.state.slice(1);
      var encoded = store.flags[0] && store.flags[0][field];
      bits = encoded === undefined ? undefined : atob(encoded);
    }
    // "playthrough:<game>/<id>" states concern their own game only.
    var scope = field && /^playthrough:([^/]+)\//.exec(field);
    index.groups.forEach(function (group) {
      if (query.game && group[0] !== game) return;
      if (query.kind && group[1] !== kind) return;
      if (field && index.kinds[group[1]][2].indexOf(field) < 0) return;
      if (scope && index.games[group[0]][0] !== scope[1]) return;
      for (var doc = group[2]; doc < group[2] + group[3]; doc++) {
        allowed[doc] = !field || Boolean(bit(bits, doc)) === wanted ? 1 : 0;
      }
    });
    return allowed;
  }

  function describe(index, hit) {
    var chunk = store.docs[Math.floor(hit.document / index.chunk)];
    var record = chunk[hit.document % index.chunk];
    hit.name = record[0];
    hit.path = record[1];
    hit.aliases = record[2];
    hit.text = record[3];
    hit.url = new URL(record[1], rootURL).href;
    var group = index.groups.find(function (item) { return hit.document >= item[2] && hit.document < item[2] + item[3]; });
    hit.game = index.games[group[0]][1];
    hit.kind = index.kinds[group[1]][1];
  }

  // MARK: Highlighting

  // The ranges of `text` (UTF-16 offsets) that match the query's words.
  function matchRanges(text, words) {
    var ranges = [];
    var ideographicWords = words.filter(function (word) { return isIdeographic(word.scalars[0].codePointAt(0)); });
    var otherWords = words.filter(function (word) { return !isIdeographic(word.scalars[0].codePointAt(0)); });
    var spanStart = -1;
    var runStart = -1;
    var offset = 0;
    function closeSpan(end) {
      if (spanStart < 0) return;
      var spanTerms = terms(text.slice(spanStart, end));
      if (spanTerms.some(function (term) { return otherWords.some(function (word) { return termMatches(word, term); }); })) {
        ranges.push([spanStart, end]);
      }
      spanStart = -1;
    }
    function closeRun(end) {
      if (runStart < 0) return;
      var run = text.slice(runStart, end);
      var folded = fold(run);
      ideographicWords.forEach(function (word) {
        // Han and kana are not changed by folding, so offsets in the folded run are offsets in the text.
        if (folded.length !== run.length) return;
        for (var at = folded.indexOf(word.term); at >= 0; at = folded.indexOf(word.term, at + 1)) {
          ranges.push([runStart + at, runStart + at + word.term.length]);
        }
      });
      runStart = -1;
    }
    for (var character of text) {
      var code = character.codePointAt(0);
      if (LETTER_OR_NUMBER.test(character) && isIdeographic(code)) {
        closeSpan(offset);
        if (runStart < 0) runStart = offset;
      } else if (isWordCharacter(character) || IGNORABLE_ONE.test(character)) {
        if (runStart >= 0 && MARK.test(character)) {
          offset += character.length;
          continue;
        }
        closeRun(offset);
        if (spanStart < 0) spanStart = offset;
      } else {
        closeSpan(offset);
        closeRun(offset);
      }
      offset += character.length;
    }
    closeSpan(offset);
    closeRun(offset);
    ranges.sort(function (a, b) { return a[0] - b[0]; });
    var merged = [];
    ranges.forEach(function (range) {
      var last = merged[merged.length - 1];
      if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]); else merged.push(range.slice());
    });
    return merged;
  }

  // Appends `text` to `parent` with matches in <mark>; from `start` to `end` when given.
  function appendMarked(parent, text, ranges, start, end) {
    var from = start || 0;
    var to = end === undefined ? text.length : end;
    var at = from;
    ranges.forEach(function (range) {
      var markStart = Math.max(range[0], from);
      var markEnd = Math.min(range[1], to);
      if (markStart >= markEnd) return;
      if (markStart > at) parent.appendChild(document.createTextNode(text.slice(at, markStart)));
      var mark = document.createElement("mark");
      mark.textContent = text.slice(markStart, markEnd);
      parent.appendChild(mark);
      at = markEnd;
    });
    if (at < to) parent.appendChild(document.createTextNode(text.slice(at, to)));
  }

  var EXCERPT_LENGTH = 160;

  // About EXCERPT_LENGTH characters of the notes around the first match, cut at spaces.
  function appendExcerpt(parent, text, words) {
    if (!text) return false;
    var ranges = matchRanges(text, words);
    var start = 0;
    if (ranges.length && ranges[0][0] > EXCERPT_LENGTH / 3) {
      start = ranges[0][0] - Math.floor(EXCERPT_LENGTH / 3);
      var space = text.indexOf(" ", start);
      if (space >= 0 && space < ranges[0][0]) start = space + 1;
    }
    var end = Math.min(text.length, start + EXCERPT_LENGTH);
    if (end < text.length) {
      var lastSpace = text.lastIndexOf(" ", end);
      if (lastSpace > start + EXCERPT_LENGTH / 2) end = lastSpace;
    }
    // Never cut a surrogate pair in half.
    if (start > 0 && /[\uDC00-\uDFFF]/.test(text.charAt(start))) start--;
    if (end < text.length && /[\uDC00-\uDFFF]/.test(text.charAt(end))) end++;
    if (start > 0) parent.appendChild(document.createTextNode("…"));
    appendMarked(parent, text, ranges, start, end);
    if (end < text.length) parent.appendChild(document.createTextNode("…"));
    return true;
  }

  // The result's name, the alias that matched (if the name did not), kind, game and excerpt.
  function fillResult(element, hit, words, compact) {
    var name = document.createElement("span");
    name.className = "ql-result-name";
    var nameRanges = matchRanges(hit.name, words);
    appendMarked(name, hit.name, nameRanges);
    element.appendChild(name);
    if (!nameRanges.length) {
      var alias = hit.aliases.find(function (item) { return matchRanges(item, words).length; });
      if (alias) {
        var aliasElement = document.createElement("span");
        aliasElement.className = "ql-result-alias";
        appendMarked(aliasElement, alias, matchRanges(alias, words));
        element.appendChild(document.createTextNode(" "));
        element.appendChild(aliasElement);
      }
    }
    var meta = document.createElement("span");
    meta.className = "ql-result-meta";
    meta.textContent = hit.kind + " · " + hit.game;
    element.appendChild(meta);
    var excerpt = document.createElement(compact ? "span" : "p");
    excerpt.className = "ql-result-excerpt";
    if (appendExcerpt(excerpt, hit.text, words)) element.appendChild(excerpt);
  }

  function countText(dataset, total) {
    return total === 1 ? dataset.resultOne : dataset.resultOther.replace("{count}", String(total));
  }

  // MARK: Header search box (ARIA 1.2 combobox with a listbox popup)

  var BOX_LIMIT = 8;

  function setUpBox(container) {
    var input = container.querySelector("input[role=combobox]");
    var listbox = container.querySelector("[role=listbox]");
    var status = container.querySelector("[data-ql-search-status]");
    var empty = container.querySelector("[data-ql-search-empty]");
    var popup = container.querySelector("[data-ql-search-popup]");
    var partial = container.querySelector("[data-ql-search-partial]");
    // On a game's pages: ticked, the box searches that game only.
    var scope = container.querySelector("[data-ql-search-scope]");
    var form = container.querySelector("form");
    if (!input || !listbox) return;
    var active = -1;
    var sequence = 0;

    function options() {
      return Array.prototype.slice.call(listbox.querySelectorAll("[role=option]"));
    }

    function setActive(index) {
      var items = options();
      active = items.length ? (index + items.length) % items.length : -1;
      items.forEach(function (item, number) { item.setAttribute("aria-selected", String(number === active)); });
      if (active >= 0) {
        input.setAttribute("aria-activedescendant", items[active].id);
        items[active].scrollIntoView({ block: "nearest" });
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    // Without results the listbox stays closed (a listbox holds options only) and a note says so.
    function open() {
      var hasOptions = listbox.childElementCount > 0;
      listbox.hidden = !hasOptions;
      if (empty) empty.hidden = hasOptions;
      if (partial) partial.hidden = !hasOptions || listbox.dataset.partial !== "true";
      if (popup) popup.hidden = false;
      input.setAttribute("aria-expanded", String(hasOptions));
    }

    function close() {
      listbox.hidden = true;
      if (empty) empty.hidden = true;
      if (partial) partial.hidden = true;
      if (popup) popup.hidden = true;
      input.setAttribute("aria-expanded", "false");
      setActive(-1);
    }

    function scopedGame() {
      return scope && scope.checked ? scope.value : "";
    }

    function option(id, href) {
      var item = document.createElement("li");
      item.id = id;
      item.setAttribute("role", "option");
      item.setAttribute("aria-selected", "false");
      item.dataset.href = href;
      item.addEventListener("mousedown", function (event) { event.preventDefault(); });
      item.addEventListener("click", function () { window.location.href = href; });
      return item;
    }

    function render(results, text) {
      listbox.textContent = "";
      listbox.dataset.query = text;
      listbox.dataset.game = scopedGame();
      listbox.dataset.partial = String(!results.matchesAllWords);
      active = -1;
      input.removeAttribute("aria-activedescendant");
      results.hits.forEach(function (hit, number) {
        var item = option("ql-search-option-" + number, hit.url);
        item.className = "ql-result";
        fillResult(item, hit, results.words, true);
        listbox.appendChild(item);
      });
      if (results.total > results.hits.length) {
        var game = scopedGame();
        var all = option("ql-search-option-all", form.action + "?q=" + encodeURIComponent(input.value) +
          (game ? "&game=" + encodeURIComponent(game) : ""));
        all.className = "ql-search-all";
        all.textContent = container.dataset.allResults + " (" + results.total + ")";
        listbox.appendChild(all);
      }
      if (status) {
        status.textContent = results.hits.length ? countText(container.dataset, results.total) : container.dataset.noResults;
        if (results.hits.length && !results.matchesAllWords && partial) status.textContent = partial.textContent + " " + status.textContent;
      }
      open();
    }

    function update() {
      var text = input.value;
      var current = ++sequence;
      // Text without words (spaces, punctuation) is no query, even where the box has a game's scope.
      if (!text.trim() || !terms(text).length) {
        listbox.textContent = "";
        delete listbox.dataset.query;
        close();
        return;
      }
      search({ text: text, game: scopedGame(), limit: BOX_LIMIT }).then(function (results) {
        if (current === sequence) render(results, text);
      }, function (error) {
        if (window.console) console.error(error);
      });
    }

    input.addEventListener("focus", function () {
      manifest().catch(function () {});
      if (input.value.trim() && listbox.dataset.query === input.value && listbox.dataset.game === scopedGame()) open();
    });
    if (scope) {
      // Unticking (or ticking) the scope runs the query again and hands the focus back to the box.
      scope.addEventListener("change", function () {
        input.focus();
        update();
      });
    }
    input.addEventListener("input", update);
    input.addEventListener("blur", function () { close(); });
    input.addEventListener("keydown", function (event) {
      if (event.isComposing) return;
      var items = options();
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        if (listbox.hidden) {
          if (input.value.trim()) update();
          return;
        }
        if (event.key === "ArrowDown") setActive(active < 0 ? 0 : active + 1);
        else setActive(active < 0 ? items.length - 1 : active - 1);
      } else if (event.key === "Enter") {
        if (!listbox.hidden && active >= 0 && items[active]) {
          event.preventDefault();
          window.location.href = items[active].dataset.href;
        }
      } else if (event.key === "Escape") {
        if (!listbox.hidden || (empty && !empty.hidden) || (popup && !popup.hidden)) {
          event.preventDefault();
          close();
        } else if (input.value) {
          event.preventDefault();
          input.value = "";
          update();
        }
      }
    });
  }

  // MARK: Search page

  var PAGE_SIZE = 10;

  function setUpPage(form) {
    var input = form.querySelector("input[name=q]");
    var list = document.querySelector("[data-ql-search-list]");
    var summary = document.querySelector("[data-ql-search-summary]");
    var more = document.querySelector("[data-ql-search-more]");
    var selects = Array.prototype.slice.call(form.querySelectorAll("select"));
    var limit = PAGE_SIZE;
    var sequence = 0;

    var params = new URLSearchParams(window.location.search);
    input.value = params.get("q") || "";
    selects.forEach(function (select) {
      var value = params.get(select.name);
      if (value && Array.prototype.some.call(select.options, function (item) { return item.value === value; })) select.value = value;
    });

    function query() {
      var result = { text: input.value, limit: limit };
      selects.forEach(function (select) { if (select.value) result[select.name] = select.value; });
      return result;
    }

    // Filters alone list what passes them: every merchant, every quest not yet done.
    function filtered(current) {
      return Boolean(current.game || current.kind || current.state);
    }

    function remember(current) {
      var next = new URLSearchParams();
      if (current.text) next.set("q", current.text);
      selects.forEach(function (select) { if (select.value) next.set(select.name, select.value); });
      try {
        window.history.replaceState(null, "", "?" + next.toString());
      } catch (error) {
        // Some browsers refuse to change a file:// address; the results are shown all the same.
      }
    }

    function render(results, current) {
      list.textContent = "";
      list.dataset.query = current.text;
      results.hits.forEach(function (hit) {
        var item = document.createElement("li");
        item.className = "ql-result";
        var link = document.createElement("a");
        link.href = hit.url;
        fillResult(link, hit, results.words, false);
        item.appendChild(link);
        list.appendChild(item);
      });
      var text = results.hits.length ? countText(form.dataset, results.total) : form.dataset.noResults;
      if (results.hits.length && !results.matchesAllWords) text = form.dataset.partial + " " + text;
      summary.textContent = input.value.trim() || filtered(current) ? text : "";
      more.hidden = results.total <= results.hits.length;
    }

    function update() {
      var current = query();
      var number = ++sequence;
      remember(current);
      if (!current.text.trim() && !filtered(current)) {
        list.textContent = "";
        summary.textContent = "";
        more.hidden = true;
        return;
      }
      summary.textContent = form.dataset.loading;
      search(current).then(function (results) {
        if (number === sequence) render(results, current);
      }, function (error) {
        if (window.console) console.error(error);
      });
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      update();
    });
    input.addEventListener("input", function () {
      limit = PAGE_SIZE;
      update();
    });
    selects.forEach(function (select) {
      select.addEventListener("change", function () {
        limit = PAGE_SIZE;
        update();
      });
    });
    more.addEventListener("click", function () {
      limit += PAGE_SIZE;
      update();
    });
    update();
  }

  // MARK: Start

  function isEditable(element) {
    return element && (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName));
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-ql-search]"), setUpBox);
    var page = document.querySelector("[data-ql-search-page]");
    if (page) setUpPage(page);
    document.addEventListener("keydown", function (event) {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || isEditable(event.target)) return;
      var target = document.querySelector("[data-ql-search-page] input[name=q]") ||
        document.querySelector("[data-ql-search] input[role=combobox]");
      if (!target) return;
      event.preventDefault();
      target.focus();
      target.select();
    });
  }

  window.QuestlogSearch = {
    load: load,
    ready: ready,
    terms: terms,
    search: search,
    loadedFiles: loadedFiles
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
