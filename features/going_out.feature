Feature: Going out
  A player who lays or hits every card in hand during the turn goes out at once,
  without discarding (tonks out), and the hand ends. A player whose discard
  leaves no card in hand also goes out, and the hand ends. Going out by hitting
  the last card is a tonk out too: nothing forces a discard when every card can
  go to the table.

  Rule: OUT-1 Tonking out

    @OUT-1 @PAY-OUT-1 @id.out-tonk-by-spreads
    Scenario: Laying the last cards in spreads ends the hand at once, with no discard
      Given a 2-player hand dealt by seat 1
      And seat 0 holds 5h 6h 7h 9c 9d
      And seat 1 holds 2c 3c 4d Td Kd
      And the upcard is Ks
      And the stock starts with 9h
      When seat 0 plays: draw stock, spread 5h 6h 7h, spread 9c 9d 9h
      Then the hand ends as tonk_out
      And no seat is to act
      And the discard pile shows Ks
      And the discard pile holds 1 card
      And the net result is +2, -2

    @OUT-1 @OUT-2 @HIT-3 @id.out-last-card-fits-nowhere
    Scenario: A last card that fits no spread cannot be hit away; discarding it goes out, paid single
      Given a 2-player hand dealt by seat 1
      And seat 0 holds 5h 6h 7h 8h Kc
      And seat 1 holds 2c 3c 4d Td Qd
      And the upcard is Ks
      And the stock starts with 2s 3d 9h
      When seat 0 plays: draw stock, spread 5h 6h 7h 8h, discard Kc
      And seat 1 plays: draw stock, discard 3d
      And seat 0 plays: draw stock, hit 9h 0, hit 2s 0
      Then the action is refused as hit_does_not_fit
      When seat 0 plays: discard 2s
      Then the hand ends as out_by_discard
      And the net result is +1, -1

    @OUT-1 @HIT-1 @PAY-OUT-1 @id.out-tonk-by-hits-only
    Scenario: Hitting the last card is a tonk out: the hand ends with no discard
      Given a 2-player hand dealt by seat 1
      And seat 0 holds 5h 6h 7h 8h Kc
      And seat 1 holds 2c 3c 4d Td Qd
      And the upcard is Ks
      And the stock starts with 4h 3d 9h
      When seat 0 plays: draw stock, spread 5h 6h 7h 8h, discard Kc
      And seat 1 plays: draw stock, discard 3d
      And seat 0 plays: draw stock, hit 9h 0, hit 4h 0
      Then the hand ends as tonk_out
      And the winner is seat 0
      And seat 1 pays seat 0 2

    @OUT-1 @TURN-10 @id.out-nothing-after-tonk
    Scenario: After a tonk out nobody may act
      Given a 2-player hand dealt by seat 1
      And seat 0 holds 5h 6h 7h 9c 9d
      And seat 1 holds 2c 3c 4d Td Kd
      And the upcard is Ks
      And the stock starts with 9h
      When seat 0 plays: draw stock, spread 5h 6h 7h, spread 9c 9d 9h
      And seat 1 draws from the stock
      Then the action is refused as hand_over

  Rule: OUT-2 Out by discarding

    @OUT-2 @PAY-OUT-2 @id.out-by-discarding
    Scenario: A discard that leaves no card ends the hand
      Given a 3-player hand dealt by seat 2
      And seat 0 holds 5h 6h 7h 8h Kc
      And seat 1 holds 2c 3c 4d Td Qd
      And seat 2 holds 2d 3d 4c Jc Qc
      And the upcard is Ks
      And the stock starts with 9h
      When seat 0 plays: draw stock, spread 5h 6h 7h 8h 9h, discard Kc
      Then the hand ends as out_by_discard
      And the winner is seat 0
      And the discard pile shows Kc
      And no seat is to act
      And the net result is +2, -1, -1

    @OUT-2 @id.out-discard-keeps-cards
    Scenario: A discard that leaves cards in hand passes the turn
      Given a 3-player hand dealt by seat 2
      And seat 0 holds 5h 6h 7h 8h Kc
      And seat 1 holds 2c 3c 4d Td Qd
      And seat 2 holds 2d 3d 4c Jc Qc
      And the upcard is Ks
      And the stock starts with 9h
      When seat 0 plays: draw stock, spread 5h 6h 7h 8h, discard Kc
      Then the hand goes on
      And the hand of seat 0 is 9h
      And seat 1 is to act
