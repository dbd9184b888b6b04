"""The Kassensturz: who pays whom to settle an evening (or any selection of tables).

Flask-free: balances in, transfers out. `fewest` finds the fewest transfers, `plan` adds the
two ways to pay (direct, through the Kasse), rounding and stable transfer ids; `iban` and
`epc` make the payment codes (GiroCode).
"""
