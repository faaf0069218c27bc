//! The operator as a program. `operator crd` prints Queue's CRD (JSON); `operator bundle DIR` writes the bundle
//! `kapi serve --dir DIR --self-signed certs` serves as the conversion webhook; `operator run` runs the controller
//! against the cluster of the current kubeconfig (or the pod's service account) until interrupted.

use std::sync::Arc;

use kapi_codegen::kube::CustomResourceExt;
use operator::backend::Backend;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["crd"] => println!("{}", serde_json::to_string_pretty(&operator::v1::Queue::try_crd()?)?),
        ["bundle", dir] => {
            let report = kapi_codegen::writer::write(dir.as_ref(), &operator::bundle()?)?;
            println!("{} files written to {dir}", report.written.len());
        }
        ["run"] => {
            let client = kube::Client::try_default().await?;
            let interrupted = async {
                // Without a signal handler there is nothing to wait for: run until killed.
                if tokio::signal::ctrl_c().await.is_err() {
                    std::future::pending::<()>().await;
                }
            };
            operator::controller::run(client, Arc::new(Backend::default()), interrupted).await;
        }
        _ => return Err("usage: operator crd | operator bundle DIR | operator run".into()),
    }
    Ok(())
}
