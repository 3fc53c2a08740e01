use super::ordinal;
use crate::app::i18n::Lang;

#[test]
fn ordinals_read_as_each_language_writes_them() {
    let places = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111];
    let said = |lang| -> Vec<String> { places.into_iter().map(|n| ordinal(n, lang)).collect() };
    assert_eq!(
        said(Lang::En),
        [
            "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"
        ]
    );
    assert_eq!(
        said(Lang::Es),
        [
            "1.º", "2.º", "3.º", "4.º", "11.º", "12.º", "13.º", "21.º", "22.º", "101.º", "111.º"
        ]
    );
    assert_eq!(
        said(Lang::Ca),
        [
            "1r", "2n", "3r", "4t", "11è", "12è", "13è", "21è", "22è", "101è", "111è"
        ]
    );
}
