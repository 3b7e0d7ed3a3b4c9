#[test]
fn debug_seed() {
    let t = std::fs::read_to_string("/work/shared/seeds/xiangqi-competition-rules-cxa.txt").unwrap();
    for r in ["第四章", "第四章 第一节", "第四章 第一节 三", "第四章 第一节 三 (三)", "第四章 第一节 三 (三) 2", "第二章 第二节 裁判长 八"] {
        println!("{r}: {:?}", super::seed_text(&t, r).map(|s| s.chars().take(80).collect::<String>()));
    }
}
