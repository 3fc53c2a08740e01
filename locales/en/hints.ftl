# Hints that teach: the technique and where to look, the digits, then every step
# with its reason. Cell names (A1-I9), house names (from common.ftl) and the compact
# notation's marks (`A1=5` places, `G6-4` removes) stay as they are.

## Technique names, as players of the language know them; $technique is a key.

technique = { $technique ->
    [full-house] Full House
    [hidden-single] Hidden Single
    [naked-single] Naked Single
    [locked-pair] Locked Pair
    [locked-triple] Locked Triple
    [pointing] Locked Candidates (Pointing)
    [claiming] Locked Candidates (Claiming)
    [naked-pair] Naked Pair
    [hidden-pair] Hidden Pair
    [naked-triple] Naked Triple
    [hidden-triple] Hidden Triple
    [naked-quad] Naked Quad
    [hidden-quad] Hidden Quad
    [x-wing] X-Wing
    [swordfish] Swordfish
    [jellyfish] Jellyfish
    [xy-wing] XY-Wing
    [xyz-wing] XYZ-Wing
    [skyscraper] Skyscraper
    [two-string-kite] 2-String Kite
    [turbot-fish] Turbot Fish
    [empty-rectangle] Empty Rectangle
    [w-wing] W-Wing
    [unique-rectangle] Unique Rectangle
    [unique-rectangle-2] Unique Rectangle Type 2
    [unique-rectangle-4] Unique Rectangle Type 4
    [hidden-rectangle] Hidden Rectangle
    [bug] BUG+1
    [simple-colouring] Simple Colouring
    [finned-x-wing] Finned X-Wing
    [finned-swordfish] Finned Swordfish
    [x-chain] X-Chain
    [xy-chain] XY-Chain
    [aic] Alternating Inference Chain
   *[forcing-chain] Forcing Chain
}
# The name with its indefinite article, as in "Look for an X-Wing".
technique-a = { $technique ->
    [full-house] a Full House
    [hidden-single] a Hidden Single
    [naked-single] a Naked Single
    [locked-pair] a Locked Pair
    [locked-triple] a Locked Triple
    [pointing] a Locked Candidates (Pointing)
    [claiming] a Locked Candidates (Claiming)
    [naked-pair] a Naked Pair
    [hidden-pair] a Hidden Pair
    [naked-triple] a Naked Triple
    [hidden-triple] a Hidden Triple
    [naked-quad] a Naked Quad
    [hidden-quad] a Hidden Quad
    [x-wing] an X-Wing
    [swordfish] a Swordfish
    [jellyfish] a Jellyfish
    [xy-wing] an XY-Wing
    [xyz-wing] an XYZ-Wing
    [skyscraper] a Skyscraper
    [two-string-kite] a 2-String Kite
    [turbot-fish] a Turbot Fish
    [empty-rectangle] an Empty Rectangle
    [w-wing] a W-Wing
    [unique-rectangle] a Unique Rectangle
    [unique-rectangle-2] a Unique Rectangle Type 2
    [unique-rectangle-4] a Unique Rectangle Type 4
    [hidden-rectangle] a Hidden Rectangle
    [bug] a BUG+1
    [simple-colouring] a Simple Colouring
    [finned-x-wing] a Finned X-Wing
    [finned-swordfish] a Finned Swordfish
    [x-chain] an X-Chain
    [xy-chain] an XY-Chain
    [aic] an Alternating Inference Chain
   *[forcing-chain] a Forcing Chain
}

## The hint at its three depths.

hint-fix-first = { $count ->
    [one] Fix this first: { $cells } is wrong.
   *[other] Fix these first: { $cells } are wrong.
}
hint-already-solved = The puzzle is already solved.
hint-no-step = None of the techniques I know applies here: this position needs trial and error (pick a cell with two candidates and follow one of them).
hint-look = Look for { $name } { $place }.
hint-look-digits = Look for { $name } { $place }, for the { $digits }.
hint-where-in = in { $place }
hint-where-cell = in cell { $cell }
hint-where-pivot = around the pivot { $cell }
hint-where-rectangle = in the rectangle { $cells }
hint-where-from = starting from { $cell }
hint-where-box-and-line = in { $in_box } and { $line }
hint-where-pairs = among the conjugate pairs through { $cell }
hint-digits = { $count ->
    [one] digit { $digits }
   *[other] digits { $digits }
}
hint-then = Then: { $sentence }
hint-after-more = After { $count } more steps like these: { $sentence }
hint-in-short = In short: { $steps }

## Pieces of a step: $kind is `row`, `column` or `box`.

houses = { $kind ->
    [row] rows { $names }
    [column] columns { $names }
   *[box] boxes { $names }
}
hint-remove = remove { $digits } from { $cells }
hint-remove-part = { $digits } from { $cell }
hint-remove-each = remove { $parts }
hint-place = place { $digit } in { $cell }
hint-digit-in = { $digit } in { $cell }
hint-list-cut = { $first }, ... ({ $count } more) and { $last }
hint-no-candidate = { $cell } is left with no candidate
hint-no-place = { $house } is left with no place for its { $digit }
# One link of a chain: $is is `yes` ("A1 is 5") or `no` ("A1 is not 5").
hint-link = { $is ->
    [yes] { $cell } is { $digit }
   *[no] { $cell } is not { $digit }
}
# Between the links of a chain.
hint-so = {", so "}
hint-chain-cut = { $first }, ... ({ $count } more links), so { $last }

## Each step with its reason. $remove is `hint-remove`/`hint-remove-each`, $place is
## `hint-place` (as lists); $after is `yes` when earlier steps removed candidates.

step-full-house = { $cell } is the last empty cell of { $house }, which is missing only { $digit }: { $place }.
step-hidden-single = In { $house } the { $digit } can only go in { $cell }: every other empty cell of { $house } sees { $digit ->
    [8] an 8
   *[other] a { $digit }
}{ $after ->
    [yes] {" "}or has lost it
   *[no] {""}
}. Place { $digit } in { $cell }.
step-naked-single = { $after ->
    [yes] { $cell } has only { $digit } left: every other digit is in its row, column or box, or was ruled out above. Place { $digit } in { $cell }.
   *[no] { $cell } sees every digit but { $digit } in its row, column and box: place { $digit } in { $cell }.
}
step-locked = In { $within } the { $digit } can only go in { $clears }, so no other cell of { $clears } can be { $digit }: { $remove }.
step-locked-subset = { $cells } lie in both { $line } and { $in_box }, and can only hold { $digits } between them, so those { $count } digits belong to those { $count } cells and no other cell of { $line } or { $in_box } can have them: { $remove }.
step-naked-subset = In { $house }, { $cells } can only hold { $digits } between them, so those { $count } digits belong to those { $count } cells and no other cell of { $house } can have them: { $remove }.
step-hidden-subset = In { $house } the digits { $digits } fit only in { $cells }, so those { $count } cells hold those { $count } digits and nothing else: { $remove }.
step-fish = In { $bases } the { $digit } can only go in { $covers }: { $count } { $digit }s fill those { $count } lines, so no other cell of { $covers } can be { $digit }: { $remove }.
# $xyz: `yes` for an XYZ-Wing (the pivot has three candidates), `no` for an XY-Wing.
step-wing = { $xyz ->
    [no] The pivot { $pivot } and its wings { $first } and { $second } each hold two candidates: whichever digit { $pivot } takes, { $first } or { $second } must be { $digit }, so a cell that sees both wings cannot be { $digit }: { $remove }.
   *[yes] The pivot { $pivot } (three candidates) and its wings { $first } and { $second }: whichever digit { $pivot } takes, one of the three is { $digit }, so a cell that sees all three cannot be { $digit }: { $remove }.
}
step-unique-rectangle = { $cells } form a rectangle over two boxes, and all but { $odd } can only be { $digits }. If { $odd } were limited to { $digits } too, the two digits could swap around the rectangle and the puzzle would have two solutions; it has one, so { $odd } is neither: { $remove }.
step-unique-rectangle-2 = { $cells } form a rectangle over two boxes, all holding { $a } and { $b }. { $floor } can only be { $a } or { $b }, and { $first } and { $second } have just one more candidate, { $extra }. If neither were { $extra }, the four cells would hold only { $a } and { $b }, which could swap around the rectangle: two solutions, and the puzzle has one. So { $first } or { $second } is { $extra }, and a cell that sees both cannot be: { $remove }.
step-unique-rectangle-4 = { $cells } form a rectangle over two boxes, all holding { $a } and { $b }, and { $floor } can only be { $a } or { $b }. In { $house } the { $a } can only go in { $first } or { $second }, so one of them is { $a }; if the other were { $b }, the four cells would hold only { $a } and { $b }, which could swap around the rectangle: two solutions, and the puzzle has one. So neither is { $b }: { $remove }.
step-hidden-rectangle = { $cells } form a rectangle over two boxes, all holding { $a } and { $b }, and { $corner } can only be { $a } or { $b }. Along { $opposite }'s lines the { $a } can only go in the rectangle: { $opposite } or { $first }, and { $opposite } or { $second }. If { $opposite } were { $b }, { $first } and { $second } would both be { $a }, so { $corner } (which sees both) would be { $b }, and the four cells would hold only { $a } and { $b }, which could swap around the rectangle: two solutions, and the puzzle has one. So { $opposite } is not { $b }: { $remove }.
# $forces: how many digits the singles force ($forced lists them).
step-forcing = Suppose { $start } were { $digit }{ $forces ->
    [0] : then
   *[other] . Then the singles force { $forced }, and
} { $contradiction }. That cannot be, so { $start } is not { $digit }: { $remove }.
step-bug = Every empty cell has two candidates except { $cell }. If { $cell } were not { $digit }, every digit would fit exactly twice in every row, column and box, a pattern that never has exactly one solution; { $digit } is the candidate { $cell } sees three times in { $house }. Place { $digit } in { $cell }.
step-empty-rectangle = In { $in_box } the { $digit } lies only in { $row } and { $column }, and in { $line } it can only go in { $first } or { $second }. If { $target } were { $digit }, { $second } (which sees { $target }) could not be, so { $first } would be; then { $row } and { $column } would both have their { $digit } outside { $in_box } ({ $first } and { $target }), leaving { $in_box } no place for { $digit ->
    [8] an 8
   *[other] a { $digit }
}. So { $target } is not { $digit }: { $remove }.
# $opposite: `yes` when the path's ends have opposite colours.
step-colouring = Follow the { $digit }'s conjugate pairs (houses where { $digit } has only two places): { $path }. Each pair holds exactly one { $digit }, so these cells alternate between two colours, one of which is all { $digit }s; { $opposite ->
    [yes] { $first } and { $last } have opposite colours, so one of them is { $digit }, and a cell that sees both cannot be
   *[no] { $first } and { $last } have the same colour and share a house, so their colour cannot be the { $digit }s
}: { $remove }.
# $fish: `x-wing` or `swordfish`; $count: how many fins ($fins names them).
step-finned-fish = In { $bases } the { $digit } can only go in { $covers }, apart from { $fins } in { $in_box }. { $count ->
    [one] If { $fins } is not { $digit }
   *[other] If none of { $fins } is { $digit }
}, the { $fish ->
    [x-wing] X-Wing
   *[swordfish] Swordfish
} fills { $covers } with { $digit }s; otherwise { $in_box } has its { $digit } in a fin. Either way a cell of { $covers } inside { $in_box } cannot be { $digit }: { $remove }.
step-chain-places = Suppose { $cell } is not { $digit }: then { $path }. The chain contradicts itself, so { $cell } is { $digit }: { $place }.
step-chain = Suppose { $cell } is not { $digit }: then { $path }. So { $cell } is { $digit } or { $end } is { $end_digit }; either way, { $remove }.

## The compact expert form: "Locked Candidates (Pointing): 4 in box 2 on column 6 => G6-4".

compact-in = { $digits } in { $place }
compact-on = { $cells } on { $digits }
compact-locked = { $digits } in { $within } on { $clears }
compact-empty = { $cell } empty
compact-no-place = no { $digit } in { $house }
compact-finned = { $digits } in { $bases } / { $covers } fin { $fins }
